package alerts

import "context"

// SetMidDigest sets the hook that runs inside a digest's transaction after
// its period is claimed (to stop a queue in the middle of a digest).
func SetMidDigest(s *Service, f func(ctx context.Context) error) { s.midDigest = f }
