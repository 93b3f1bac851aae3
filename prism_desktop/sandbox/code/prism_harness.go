// Package prismharness runs one hidden Go test of the code sandbox and signs its verdict.
//
// The runner lays this package out in the candidate's module (solution/prismharness) and adds a test
// file of its own to package solution whose TestMain calls Main with the hidden tests. Package
// solution imports this package, so Go initialises it first: init reads the run's secret and the name
// of the test to run from the secret pipe and closes it before any var initialiser or init() of the
// candidate runs. The verdict is the testing package's own (testing.RunTests), signed for the events
// pipe (events.py); nothing printed on stdout counts, and a process that exits before Main signs the
// end of the run has no verdict.
package prismharness

import (
	"crypto/sha256"
	"flag"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var (
	secret string
	test   string
	events *os.File
	used   bool
)

func init() {
	fd, err := strconv.Atoi(os.Getenv("PRISM_SECRET_FD"))
	if err != nil {
		return
	}
	os.Unsetenv("PRISM_SECRET_FD")
	pipe := os.NewFile(uintptr(fd), "secret")
	data, _ := io.ReadAll(pipe)
	pipe.Close()
	lines := strings.Split(string(data), "\n")
	eventsFd, err := strconv.Atoi(os.Getenv("PRISM_EVENTS_FD"))
	if len(lines) < 2 || lines[0] == "" || lines[1] == "" || err != nil {
		return
	}
	secret, test, events = lines[0], lines[1], os.NewFile(uintptr(eventsFd), "events")
	send("start", test, "")
}

// send writes one signed event. Its fields are test names (Go identifiers), our event kinds and
// statuses: plain ASCII, quoted by strconv as JSON would. A failure's message is the runner's to add
// (the test binary's output); none travels here.
func send(kind, name, status string) {
	mac := hmacSHA256([]byte(secret), []byte(kind+"\x00"+name+"\x00"+status))
	const digits = "0123456789abcdef"
	hex := make([]byte, 0, 2*len(mac))
	for _, b := range mac {
		hex = append(hex, digits[b>>4], digits[b&15])
	}
	line := `{"e":` + strconv.Quote(kind) + `,"name":` + strconv.Quote(name) + `,"status":` +
		strconv.Quote(status) + `,"mac":"` + string(hex) + "\"}\n"
	events.Write([]byte(line))
}

// hmacSHA256 is HMAC-SHA256 (RFC 2104) written out over crypto/sha256, which every test binary links
// already: crypto/hmac (and encoding/hex, encoding/json, fmt) would make this package slower to compile
// in every run, and crypto/hmac is not in the image's warm build cache.
func hmacSHA256(key, message []byte) []byte {
	if len(key) > sha256.BlockSize {
		sum := sha256.Sum256(key)
		key = sum[:]
	}
	inner, outer := make([]byte, sha256.BlockSize), make([]byte, sha256.BlockSize)
	copy(inner, key)
	copy(outer, key)
	for i := range inner {
		inner[i] ^= 0x36
		outer[i] ^= 0x5c
	}
	innerSum := sha256.Sum256(append(inner, message...))
	outerSum := sha256.Sum256(append(outer, innerSum[:]...))
	return outerSum[:]
}

// calledFromTestMain: Main's caller is the generated TestMain and its caller the test binary's main,
// not the candidate's code calling TestMain (or Main) itself.
func calledFromTestMain() bool {
	pcs := make([]uintptr, 8)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	var names []string
	for frame, more := frames.Next(); len(names) < 2; frame, more = frames.Next() {
		names = append(names, frame.Function)
		if !more {
			break
		}
	}
	return len(names) == 2 && names[0] == "solution.TestMain" && names[1] == "main.main"
}

// Main runs the test the runner named, through the testing package, and signs its verdict.
func Main(m *testing.M, tests map[string]func(*testing.T)) {
	if secret == "" || used || !calledFromTestMain() {
		os.Exit(3)
	}
	used = true
	fn, known := tests[test]
	if !known {
		send("end", test, "error")
		os.Exit(3)
	}
	flag.Parse()
	// The testing package's own state for running tests (its list of CPU counts) is set up by m.Run
	// only: run it over no test first, with every flag that selects tests set by us, not by argv.
	for name, value := range map[string]string{
		"test.run": "^$", "test.skip": "", "test.list": "", "test.bench": "", "test.fuzz": "",
		"test.count": "1", "test.failfast": "false", "test.shuffle": "off", "test.cpu": "",
	} {
		flag.Set(name, value)
	}
	stdout, stderr := os.Stdout, os.Stderr
	if quiet, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		os.Stdout, os.Stderr = quiet, quiet // its "no tests to run" and "PASS" are not the test's
	}
	code := m.Run()
	os.Stdout, os.Stderr = stdout, stderr
	if code != 0 {
		send("end", test, "error")
		os.Exit(3)
	}
	ran, skipped := false, false
	body := func(t *testing.T) {
		ran = true
		defer func() { skipped = t.Skipped() }()
		defer func() {
			if r := recover(); r != nil { // a panic ends the binary: sign the failure first
				send("end", test, "fail")
				send("finish", "", "")
				panic(r)
			}
		}()
		fn(t)
	}
	all := func(pattern, name string) (bool, error) { return true, nil }
	ok := testing.RunTests(all, []testing.InternalTest{{Name: test, F: body}})
	status := "fail"
	if ok && ran && skipped {
		status = "skipped"
	} else if ok && ran {
		status = "pass"
	}
	send("end", test, status)
	send("finish", "", "")
	if status != "pass" {
		os.Exit(1)
	}
	os.Exit(0)
}
