module github.com/pulumi-idgov/pulumi-idgov/examples/go

go 1.25

require (
	github.com/pulumi-idgov/pulumi-idgov/sdk/go v0.1.0
	github.com/pulumi/pulumi/sdk/v3 v3.248.0
)

// The SDK is not published as a module yet: it is built from this repository's sdk/go.
replace github.com/pulumi-idgov/pulumi-idgov/sdk/go => ../../sdk/go
