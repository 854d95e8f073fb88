module github.com/ferret-go/uri/bench

go 1.24

replace github.com/ferret-go/uri => ../

require (
	github.com/PuerkitoBio/purell v1.2.1
	github.com/ferret-go/uri v0.0.0-00010101000000-000000000000
	mvdan.cc/xurls/v2 v2.6.0
)

require (
	golang.org/x/net v0.17.0 // indirect
	golang.org/x/text v0.13.0 // indirect
)
