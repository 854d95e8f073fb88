module github.com/ferret-go/uri/oracles

go 1.26.0

replace github.com/ferret-go/uri => ../

require github.com/ferret-go/uri v0.0.0-00010101000000-000000000000

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
