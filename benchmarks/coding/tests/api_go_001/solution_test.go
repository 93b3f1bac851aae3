package solution

import (
	"os"
	"testing"
)

func recorded(t *testing.T) []Message {
	data, err := os.ReadFile("get_updates.json")
	if err != nil {
		t.Fatal(err)
	}
	messages, err := ParseUpdates(data)
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	return messages
}

func TestCount(t *testing.T) {
	if got := len(recorded(t)); got != 2 {
		t.Fatalf("got %d messages, want 2", got)
	}
}

func TestUsernamePreferred(t *testing.T) {
	if got := recorded(t)[0]; got.From != "ira" || got.ChatID != 77 || got.Text != "Привет" {
		t.Fatalf("got %+v", got)
	}
}

func TestFirstNameFallback(t *testing.T) {
	if got := recorded(t)[1]; got.From != "Глеб" || got.ChatID != -500 || got.UpdateID != 12 {
		t.Fatalf("got %+v", got)
	}
}

func TestBadJSON(t *testing.T) {
	if _, err := ParseUpdates([]byte("{not json")); err == nil {
		t.Fatal("want an error")
	}
}

func TestNotOK(t *testing.T) {
	if _, err := ParseUpdates([]byte(`{"ok": false, "description": "Unauthorized"}`)); err == nil {
		t.Fatal("want an error")
	}
}

func TestEmptyResult(t *testing.T) {
	messages, err := ParseUpdates([]byte(`{"ok": true, "result": []}`))
	if err != nil || len(messages) != 0 {
		t.Fatalf("got %v, %v", messages, err)
	}
}
