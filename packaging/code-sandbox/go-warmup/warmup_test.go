package warmup

import "testing"

func TestWarmup(t *testing.T) {}
