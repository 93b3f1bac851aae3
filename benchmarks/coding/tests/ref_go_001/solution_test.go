package solution

import "testing"

func ok(t *testing.T, in, want string) {
	t.Helper()
	got, err := NormalizePhone(in)
	if err != nil || got != want {
		t.Fatalf("NormalizePhone(%q) = %q, %v; want %q", in, got, err, want)
	}
}

func bad(t *testing.T, in string) {
	t.Helper()
	if got, err := NormalizePhone(in); err == nil {
		t.Fatalf("NormalizePhone(%q) = %q; want an error", in, got)
	}
}

func TestEight(t *testing.T)       { ok(t, "8 (912) 345-67-89", "+79123456789") }
func TestPlusSeven(t *testing.T)   { ok(t, "+7 912 345 67 89", "+79123456789") }
func TestTenDigits(t *testing.T)   { ok(t, "9123456789", "+79123456789") }
func TestLetters(t *testing.T)     { bad(t, "8 912 ABC 67 89") }
func TestTooShort(t *testing.T)    { bad(t, "12345") }
func TestWrongPrefix(t *testing.T) { bad(t, "59123456789") }
func TestCyrillic(t *testing.T)    { bad(t, "8912345678о") }
