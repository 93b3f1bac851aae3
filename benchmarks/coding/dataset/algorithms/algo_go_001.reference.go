package solution

import (
	"strings"
	"unicode"
)

// WordFrequencies counts the words of text, case-insensitively.
func WordFrequencies(text string) map[string]int {
	counts := map[string]int{}
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, word := range words {
		counts[word]++
	}
	return counts
}
