package solution

import (
	"fmt"
	"strings"
)

const allowedPunctuation = " ()-+"

// NormalizePhone brings a Russian phone number to +7XXXXXXXXXX.
func NormalizePhone(s string) (string, error) {
	var digits strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case strings.ContainsRune(allowedPunctuation, r):
		default:
			return "", fmt.Errorf("unexpected character %q", r)
		}
	}
	d := digits.String()
	switch {
	case len(d) == 11 && (d[0] == '7' || d[0] == '8'):
		return "+7" + d[1:], nil
	case len(d) == 10:
		return "+7" + d, nil
	}
	return "", fmt.Errorf("%d digits: want 10, or 11 starting with 7 or 8", len(d))
}
