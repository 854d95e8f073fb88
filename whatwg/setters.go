package whatwg

// The setters of the URL class (section "URL class"). Each returns a new
// URL and leaves u as it is; where the standard's setter does nothing (an
// invalid value, or a component the URL cannot have) the result is u, as it
// is for a value longer than MaxInput less the href's length.

// override runs the basic URL parser on value with u's record as url and
// state as the state override.
func (u URL) override(value string, state int) URL {
	if u.href == "" || len(value) > MaxInput-len(u.href) {
		return u
	}
	p := parser{}
	p.in = preprocess(value, false, &p)
	p.r = u.toRec()
	// A failure ends the parser but keeps what it already set: the host
	// setter sets the host before it finds an invalid port.
	p.run(state, state)
	return p.r.assemble(u.href, p.arena)
}

// cannotHaveCredentials is "cannot have a username/password/port": the host
// is null or empty, or the scheme is file.
func (u URL) cannotHaveCredentials() bool {
	return u.hostKind == hostNull || u.hostKind == hostEmpty || u.kind == schemeFile
}

// SetHref returns value parsed (the href setter); a failure leaves u as it
// is and is returned.
func (u URL) SetHref(value string) (URL, error) {
	v, err := Parse(value)
	if err != nil {
		return u, err
	}
	return v, nil
}

// SetProtocol sets the scheme (the protocol setter): value followed by ":"
// is parsed in scheme start state. A special scheme cannot become a
// non-special one nor the reverse, and file cannot be set on a URL with
// credentials or a port.
func (u URL) SetProtocol(value string) URL { return u.override(value+":", stSchemeStart) }

// SetUsername sets the username, percent-encoding it with the userinfo
// percent-encode set (the username setter); nothing happens when the URL
// cannot have a username.
func (u URL) SetUsername(value string) URL { return u.setCredential(value, false) }

// SetPassword sets the password like SetUsername (the password setter).
func (u URL) SetPassword(value string) URL { return u.setCredential(value, true) }

// setCredential is "set the username" or "set the password".
func (u URL) setCredential(value string, password bool) URL {
	if u.href == "" || u.cannotHaveCredentials() || len(value) > MaxInput-len(u.href) {
		return u
	}
	r := u.toRec()
	if password {
		r.password = encode(value, setUserinfo)
	} else {
		r.username = encode(value, setUserinfo)
	}
	return r.assemble(u.href, nil)
}

// SetHost sets the host, and the port when value has one (the host setter:
// host state override). A URL with an opaque path is left as it is.
func (u URL) SetHost(value string) URL {
	if u.opaque {
		return u
	}
	return u.override(value, stHost)
}

// SetHostname sets the host and never the port (the hostname setter:
// hostname state override).
func (u URL) SetHostname(value string) URL {
	if u.opaque {
		return u
	}
	return u.override(value, stHostname)
}

// SetPort sets the port from the leading digits of value, or removes it
// when value is "" (the port setter). A port equal to the scheme's default
// port becomes null.
func (u URL) SetPort(value string) URL {
	if u.href == "" || u.cannotHaveCredentials() {
		return u
	}
	if value == "" {
		r := u.toRec()
		r.port = -1
		return r.assemble(u.href, nil)
	}
	return u.override(value, stPort)
}

// SetPathname replaces the path (the pathname setter: path start state
// override); a URL with an opaque path is left as it is.
func (u URL) SetPathname(value string) URL {
	if u.href == "" || u.opaque || len(value) > MaxInput-len(u.href) {
		return u
	}
	p := parser{}
	p.in = preprocess(value, false, &p)
	p.r = u.toRec()
	p.r.path = pathBuf{}
	p.run(stPathStart, stPathStart)
	return p.r.assemble(u.href, p.arena)
}

// SetSearch sets the query from value without a leading "?", or makes it
// null when value is "" (the search setter).
func (u URL) SetSearch(value string) URL { return u.setQueryOrFragment(value, '?', stQuery) }

// SetHash sets the fragment from value without a leading "#", or makes it
// null when value is "" (the hash setter).
func (u URL) SetHash(value string) URL { return u.setQueryOrFragment(value, '#', stFragment) }

// setQueryOrFragment is the search setter (delim "?", query state) and the
// hash setter (delim "#", fragment state): "" makes the component null;
// otherwise one leading delim is removed, the component is set to the
// empty string and the basic URL parser runs with the state override.
func (u URL) setQueryOrFragment(value string, delim byte, state int) URL {
	if u.href == "" || len(value) > MaxInput-len(u.href) {
		return u
	}
	p := parser{}
	p.r = u.toRec()
	comp, has := &p.r.query, &p.r.hasQuery
	if state == stFragment {
		comp, has = &p.r.frag, &p.r.hasFrag
	}
	if value == "" {
		*comp, *has = "", false
		return p.r.assemble(u.href, nil)
	}
	if value[0] == delim {
		value = value[1:]
	}
	p.in = preprocess(value, false, &p)
	*comp, *has = "", true
	p.run(state, state)
	return p.r.assemble(u.href, p.arena)
}
