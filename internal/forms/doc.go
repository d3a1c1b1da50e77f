// Package forms owns what every form of the sites shares, whatever it
// collects: the spam defence that a submission passes before anything is
// stored or mailed. That is the form ticket (a signed proof that a browser
// fetched the form at least a minimum fill time before sending it, good for
// one submission) and the rate limits per client address and per recipient
// mailbox. The forms themselves are its sub-packages: leads (the lead forms
// with a fixed shape: car contact, finance, sell / trade-in, service
// request), builder (the forms editors define in content) and formsapi (the
// HTTP of both, and the forms' block loaders). Saved-search sign-ups use
// the same defence.
package forms
