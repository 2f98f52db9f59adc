module github.com/pulumi-idgov/pulumi-idgov/sdk/go

go 1.25

require github.com/pulumi/pulumi/sdk/v3 v3.143.0
