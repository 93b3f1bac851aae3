// Package warmup imports the standard packages Go tasks commonly use, so that building the sandbox
// image compiles their vet facts and test dependencies once into the image's Go cache.
package warmup

import (
	"bufio"
	"bytes"
	"cmp"
	"container/heap"
	"container/list"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

var _ = []any{
	bufio.NewReader, bytes.NewBuffer, heap.Init, list.New, json.Marshal, errors.New, fmt.Sprint, io.EOF,
	math.Sqrt, os.ReadFile, reflect.DeepEqual, regexp.MustCompile, sort.Ints, strconv.Itoa, strings.Fields,
	new(sync.Mutex), time.Now, unicode.IsLetter, utf8.RuneLen, cmp.Compare[int], maps.Keys[map[string]int],
	slices.Sort[[]int],
}
