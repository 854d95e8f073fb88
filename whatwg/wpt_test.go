package whatwg

// Table tests from the web-platform-tests URL files in testdata/ (see its
// README): what they expect is the URL Standard's behaviour, as browsers
// are tested against it.

import (
	"encoding/json"
	"os"
	"testing"
)

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// urlCase is one case of urltestdata.json.
type urlCase struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

func loadURLCases(t *testing.T) []urlCase {
	var raw []json.RawMessage
	readJSON(t, "urltestdata.json", &raw)
	var cases []urlCase
	for _, m := range raw {
		if len(m) > 0 && m[0] == '"' {
			continue // a comment
		}
		var c urlCase
		if err := json.Unmarshal(m, &c); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	return cases
}

// attrs returns the URL API's attributes of u, by name.
func attrs(u URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "origin": u.Origin(), "protocol": u.Protocol(),
		"username": u.Username(), "password": u.Password(), "host": u.Host(),
		"hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(),
	}
}

func TestURLTestData(t *testing.T) {
	cases := loadURLCases(t)
	pass := 0
	for _, c := range cases {
		var u URL
		var err error
		if c.Base == nil {
			u, err = Parse(c.Input)
		} else {
			var b URL
			b, err = Parse(*c.Base)
			if err != nil {
				t.Errorf("base %q: %v", *c.Base, err)
				continue
			}
			u, err = ParseRef(c.Input, b)
		}
		if c.Failure {
			if err == nil {
				t.Errorf("Parse(%q, base %v) = %q, want failure", c.Input, deref(c.Base), u.Href())
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, base %v): %v, want %q", c.Input, deref(c.Base), err, c.Href)
			continue
		}
		got := attrs(u)
		want := map[string]string{
			"href": c.Href, "protocol": c.Protocol, "username": c.Username, "password": c.Password,
			"host": c.Host, "hostname": c.Hostname, "port": c.Port, "pathname": c.Pathname,
			"search": c.Search, "hash": c.Hash,
		}
		if c.Origin != nil {
			want["origin"] = *c.Origin
		}
		ok := true
		for k, w := range want {
			if got[k] != w {
				t.Errorf("Parse(%q, base %v).%s = %q, want %q", c.Input, deref(c.Base), k, got[k], w)
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	t.Logf("urltestdata.json: %d/%d cases pass", pass, len(cases))
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}

func TestSetters(t *testing.T) {
	var raw map[string]json.RawMessage
	readJSON(t, "setters_tests.json", &raw)
	total, pass := 0, 0
	for attr, m := range raw {
		if attr == "comment" {
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(m, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			total++
			u, err := Parse(c.Href)
			if err != nil {
				t.Errorf("%s: Parse(%q): %v", attr, c.Href, err)
				continue
			}
			v := set(u, attr, c.NewValue)
			got := attrs(v)
			ok := true
			for k, w := range c.Expected {
				if got[k] != w {
					t.Errorf("%q.%s = %q: %s = %q, want %q", c.Href, attr, c.NewValue, k, got[k], w)
					ok = false
				}
			}
			if ok {
				pass++
			}
		}
	}
	t.Logf("setters_tests.json: %d/%d cases pass", pass, total)
}

// set calls the setter of attr.
func set(u URL, attr, value string) URL {
	switch attr {
	case "href":
		v, _ := u.SetHref(value)
		return v
	case "protocol":
		return u.SetProtocol(value)
	case "username":
		return u.SetUsername(value)
	case "password":
		return u.SetPassword(value)
	case "host":
		return u.SetHost(value)
	case "hostname":
		return u.SetHostname(value)
	case "port":
		return u.SetPort(value)
	case "pathname":
		return u.SetPathname(value)
	case "search":
		return u.SetSearch(value)
	case "hash":
		return u.SetHash(value)
	}
	panic("unknown attribute " + attr)
}
