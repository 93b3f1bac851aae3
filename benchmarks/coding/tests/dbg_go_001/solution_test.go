package solution

import "testing"

var xs = []int{1, 3, 5, 7, 9, 11}

func TestMiddle(t *testing.T) {
	if got := Search(xs, 7); got != 3 {
		t.Fatalf("got %d", got)
	}
}

func TestFirst(t *testing.T) {
	if got := Search(xs, 1); got != 0 {
		t.Fatalf("got %d", got)
	}
}

func TestLast(t *testing.T) {
	if got := Search(xs, 11); got != 5 {
		t.Fatalf("got %d", got)
	}
}

func TestMissingBetween(t *testing.T) {
	if got := Search(xs, 4); got != -1 {
		t.Fatalf("got %d", got)
	}
}

func TestMissingAbove(t *testing.T) {
	if got := Search(xs, 100); got != -1 {
		t.Fatalf("got %d", got)
	}
}

func TestEmptyAndSingle(t *testing.T) {
	if Search(nil, 1) != -1 || Search([]int{5}, 5) != 0 {
		t.Fatal("empty or single-element slice")
	}
}
