package template

import (
	"errors"
	"strings"
)

// Router holds templates, each with a value, and finds for a URI the most
// specific template that matches it. Specificity is decided in this order:
//
//  1. more literal characters (after expansion) outrank fewer, so that
//     "/users/me" wins over "/users/{id}";
//  2. a longer literal prefix (the text before the first expression)
//     outranks a shorter one;
//  3. a template added earlier outranks one added later.
//
// The templates are kept in a radix tree of their literal prefixes: a
// lookup walks the URI down the tree once and tries only the templates
// whose prefix the URI begins with, best first, so that its cost does not
// grow with the number of templates when their prefixes differ.
//
// The zero Router is empty and ready to use. [Router.Match] may be called
// from several goroutines at once, but not while [Router.Add] runs.
type Router[V any] struct {
	root    rnode
	entries []rentry[V]
}

type rentry[V any] struct {
	t     *Template
	value V
}

// rnode is a node of the radix tree: the edge to it is label, its
// children are indexed by the first byte of their labels, and entries are
// the templates whose literal prefix ends here, best first.
type rnode struct {
	label    string
	index    string // the first bytes of the children's labels
	children []*rnode
	entries  []int32
}

// Route is what [Router.Match] found: the template, its value, and the
// variables and extra parameters of [Template.MatchExtra].
type Route[V any] struct {
	Template *Template
	Value    V
	Vars     Vars
	Extra    []Pair
}

// errNilTemplate is the error of Add(nil, ...).
var errNilTemplate = errors.New("template: Router.Add of a nil *Template")

// Add adds t with its value. It returns t.Invertible()'s error, and adds
// nothing, when t cannot be matched.
func (r *Router[V]) Add(t *Template, value V) error {
	if t == nil {
		return errNilTemplate
	}
	if err := t.Invertible(); err != nil {
		return err
	}
	id := int32(len(r.entries))
	r.entries = append(r.entries, rentry[V]{t, value})
	n := r.root.insert(t.prefix)
	// Keep the node's entries best first; later entries go after equal
	// ones.
	k := len(n.entries)
	for k > 0 && r.better(id, n.entries[k-1]) {
		k--
	}
	n.entries = append(n.entries, 0)
	copy(n.entries[k+1:], n.entries[k:])
	n.entries[k] = id
	return nil
}

// Len returns the number of templates added.
func (r *Router[V]) Len() int { return len(r.entries) }

// better reports whether entry a outranks entry b.
func (r *Router[V]) better(a, b int32) bool {
	ta, tb := r.entries[a].t, r.entries[b].t
	if ta.litLen != tb.litLen {
		return ta.litLen > tb.litLen
	}
	if len(ta.prefix) != len(tb.prefix) {
		return len(ta.prefix) > len(tb.prefix)
	}
	return a < b
}

// insert returns the node for the key, making it if needed.
func (n *rnode) insert(key string) *rnode {
	for key != "" {
		i := strings.IndexByte(n.index, key[0])
		if i < 0 {
			c := &rnode{label: key}
			n.index += key[:1]
			n.children = append(n.children, c)
			return c
		}
		c := n.children[i]
		common := 0
		for common < len(c.label) && common < len(key) && c.label[common] == key[common] {
			common++
		}
		if common < len(c.label) {
			// Split the edge: a new node for the common part.
			mid := &rnode{label: c.label[:common], index: c.label[common : common+1], children: []*rnode{c}}
			c.label = c.label[common:]
			n.children[i] = mid
			c = mid
		}
		n, key = c, key[common:]
	}
	return n
}

// Match returns the most specific template that matches s, with its value
// and variables, and whether there is one.
func (r *Router[V]) Match(s string) (Route[V], bool) {
	// The candidates: the entries of every node on the path of s.
	var buf [16]int32
	cands := buf[:0]
	n, rest := &r.root, s
	for {
		for _, id := range n.entries {
			cands = r.insertCandidate(cands, id)
		}
		if rest == "" {
			break
		}
		i := strings.IndexByte(n.index, rest[0])
		if i < 0 {
			break
		}
		c := n.children[i]
		if !strings.HasPrefix(rest, c.label) {
			break
		}
		n, rest = c, rest[len(c.label):]
	}
	var st matchState
	for _, id := range cands {
		e := &r.entries[id]
		from := 0
		if e.t.prefix != "" {
			from = 1 // the walk has matched the prefix
		}
		if e.t.matchFrom(s, from, &st) {
			return Route[V]{Template: e.t, Value: e.value, Vars: st.result(), Extra: st.extra}, true
		}
	}
	return Route[V]{}, false
}

// insertCandidate inserts id into cands, which is best first.
func (r *Router[V]) insertCandidate(cands []int32, id int32) []int32 {
	k := len(cands)
	cands = append(cands, id)
	for k > 0 && r.better(id, cands[k-1]) {
		cands[k] = cands[k-1]
		k--
	}
	cands[k] = id
	return cands
}
