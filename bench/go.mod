module github.com/ferret-go/uri/bench

go 1.26.0

replace github.com/ferret-go/uri => ../

require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/ferret-go/uri v0.0.0-00010101000000-000000000000
	github.com/nlnwa/whatwg-url v0.6.2
	golang.org/x/net v0.62.0
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
