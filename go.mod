module github.com/ferret-go/uri

go 1.24
