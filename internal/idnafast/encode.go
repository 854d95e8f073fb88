package idnafast

import (
	"cmp"
	"errors"
	"math"
	"slices"
	"strings"

	"golang.org/x/net/idna"

	"github.com/ferret-go/uri/internal/ascii"
)

// errOverflow is Punycode's overflow (RFC 3492, section 6.4), which
// golang.org/x/net/idna reports for a label of very many or very large
// code points.
var errOverflow = errors.New("idna: Punycode overflow")

// ToASCII returns p.ToASCII(host) for a profile p that does not verify DNS
// lengths (the browser profile: the root package's IDNABrowser, package
// whatwg's domain to ASCII), in time O(n log n) in a label's length rather
// than golang.org/x/net/idna's quadratic encoder, for a host with a label
// longer than [MaxLabel] bytes; any other host is p's. Its caller refuses
// labels past [MaxEncodeUnits] first ([Mapper.LongLabel]).
//
// golang.org/x/net/idna's ToASCII is its ToUnicode (UTS #46 mapping,
// normalization, the decoding and checks of each label, section 4) and
// then, for each label that is not ASCII, "xn--" and its Punycode (section
// 4.2, step 2); with VerifyDnsLength off it checks nothing more. So is
// this, with an encoder that counts the code points below the current one
// with a Fenwick tree instead of walking the label for each one
// (TestToASCIISameAsXNetIDNA, FuzzToASCII).
func ToASCII(p *idna.Profile, host string) (string, error) {
	long := false
	for k := 0; len(host) > MaxLabel && k <= len(host); {
		j, sep := nextSep(host, k)
		if j-k > MaxLabel {
			long = true
			break
		}
		if j == len(host) {
			break
		}
		k = j + sep
	}
	if !long {
		return p.ToASCII(host)
	}
	return toASCII(p, host)
}

func toASCII(p *idna.Profile, host string) (string, error) {
	u, err := p.ToUnicode(host)
	if err != nil {
		return "", err
	}
	out := make([]byte, 0, len(u)+len(u)/2)
	for k := 0; ; {
		j := strings.IndexByte(u[k:], '.')
		if j < 0 {
			j = len(u)
		} else {
			j += k
		}
		label := u[k:j]
		if ascii.Is(label) {
			out = append(out, label...)
		} else {
			out = append(out, "xn--"...)
			var ok bool
			if out, ok = appendPunycodeFast(out, label); !ok {
				return "", errOverflow
			}
		}
		if j == len(u) {
			return string(out), nil
		}
		out = append(out, '.')
		k = j + 1
	}
}

// appendPunycodeFast appends the Punycode of label (RFC 3492, section 6.3)
// to dst as appendPunycode does, in time O(n log n): the code points are
// taken in increasing order, and the delta between two of them is the
// number of smaller code points between their positions, which a Fenwick
// tree over the positions counts. ok is false where golang.org/x/net/idna
// reports an overflow (a delta past 2³¹-1).
func appendPunycodeFast(dst []byte, label string) (out []byte, ok bool) {
	runes := []rune(label)
	size := len(runes)
	tree := make([]int32, size+1)
	mark := func(i int) {
		for i++; i <= size; i += i & -i {
			tree[i]++
		}
	}
	below := func(i int) int64 { // marked positions in [0, i)
		s := int64(0)
		for ; i > 0; i -= i & -i {
			s += int64(tree[i])
		}
		return s
	}
	type point struct {
		r   rune
		pos int
	}
	var rest []point
	basic := 0
	for i, r := range runes {
		if r < initialN {
			dst = append(dst, byte(r))
			basic++
			mark(i)
		} else {
			rest = append(rest, point{r, i})
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	slices.SortFunc(rest, func(a, b point) int {
		if c := cmp.Compare(a.r, b.r); c != 0 {
			return c
		}
		return cmp.Compare(a.pos, b.pos)
	})
	n, delta, bias, h := rune(initialN), int64(0), initialBias, basic
	for i := 0; i < len(rest); {
		next := rest[i].r
		delta += int64(next-n) * int64(h+1)
		if delta > math.MaxInt32 {
			return dst, false
		}
		n = next
		prev, j := 0, i
		for ; j < len(rest) && rest[j].r == n; j++ {
			at := rest[j].pos
			if delta += below(at) - below(prev); delta > math.MaxInt32 {
				return dst, false
			}
			dst = appendDelta(dst, int(delta), bias)
			bias = adapt(int(delta), h+1, h == basic)
			delta = 0
			h++
			prev = at + 1
		}
		if delta += below(size) - below(prev); delta > math.MaxInt32 {
			return dst, false
		}
		for ; i < j; i++ {
			mark(rest[i].pos)
		}
		delta++
		n++
	}
	return dst, true
}
