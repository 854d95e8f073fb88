module github.com/ferret-go/uri/oracles

go 1.26.0

replace github.com/ferret-go/uri => ../

require github.com/ferret-go/uri v0.0.0-00010101000000-000000000000
