// An app of the tenant, with its owner team's annotation, through the idgov Go SDK.
package main

import (
	"github.com/pulumi-idgov/pulumi-idgov/sdk/go/idgov"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := idgov.NewApp(ctx, "portal", &idgov.AppArgs{
			DisplayName: pulumi.String("Portal (Go)"),
			Description: pulumi.String("Managed from Go through pulumi-resource-idgov"),
			Annotations: pulumi.StringMap{"team": pulumi.String("iam")},
		})
		if err != nil {
			return err
		}
		ctx.Export("portalId", portal.ID())
		return nil
	})
}
