package solution

import (
	"reflect"
	"testing"
)

func TestSimple(t *testing.T) {
	got := WordFrequencies("a b a")
	want := map[string]int{"a": 2, "b": 1}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestCyrillicCase(t *testing.T) {
	got := WordFrequencies("Мир мир МИР")
	if got["мир"] != 3 || len(got) != 1 {
		t.Fatalf("got %v", got)
	}
}

func TestPunctuation(t *testing.T) {
	got := WordFrequencies("да, нет! да...")
	if got["да"] != 2 || got["нет"] != 1 || len(got) != 2 {
		t.Fatalf("got %v", got)
	}
}

func TestEmpty(t *testing.T) {
	if got := WordFrequencies(""); len(got) != 0 {
		t.Fatalf("got %v", got)
	}
}

func TestDigits(t *testing.T) {
	if got := WordFrequencies("2026 год, 2026"); got["2026"] != 2 {
		t.Fatalf("got %v", got)
	}
}

func TestNotNil(t *testing.T) {
	got := WordFrequencies("   ")
	if got == nil {
		t.Fatal("want an empty map, not nil")
	}
}
