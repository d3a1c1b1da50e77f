package staffapi

// LeadInbox is the sales inbox the leads routes serve.
type LeadInbox interface{}

func (a *API) mountLeads(route Route) {}
