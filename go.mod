module github.com/ferret-go/uri

go 1.26.0

require (
	golang.org/x/net v0.62.0
	golang.org/x/term v0.48.0
	golang.org/x/text v0.43.0
)

require golang.org/x/sys v0.50.0 // indirect
