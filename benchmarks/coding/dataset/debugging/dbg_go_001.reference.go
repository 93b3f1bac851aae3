package solution

// Search returns the index of x in the ascending slice xs, or -1.
func Search(xs []int, x int) int {
	lo, hi := 0, len(xs)-1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		switch {
		case xs[mid] == x:
			return mid
		case xs[mid] < x:
			lo = mid + 1
		default:
			hi = mid - 1
		}
	}
	return -1
}
