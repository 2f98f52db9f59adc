// An app of the tenant and the automation that welcomes its new users, through the idgov Go SDK.
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
		// A second kind, tied to the app: a welcome email to every new user of the engineering department.
		welcome, err := idgov.NewAutomation(ctx, "portal-welcome", &idgov.AutomationArgs{
			DisplayName: pulumi.String("Welcome to the portal (Go)"),
			AppId:       portal.ID(),
			Enabled:     pulumi.Bool(true),
			Triggers: pulumi.MapArray{
				pulumi.Map{"userCreated": pulumi.Any(map[string]interface{}{"condition": `user.department == "Engineering"`})},
			},
			AutomationSteps: idgov.AutomationAutomationStepsItemArray{
				idgov.AutomationAutomationStepsItemArgs{
					StepName: pulumi.String("welcome"),
					SendEmail: pulumi.Map{
						"subject":        pulumi.Any("Welcome to the portal"),
						"body":           pulumi.Any("Sign in at the portal."),
						"useSubjectUser": pulumi.Any(true),
					},
				},
			},
			Annotations: pulumi.StringMap{"team": pulumi.String("iam")},
		})
		if err != nil {
			return err
		}
		ctx.Export("portalId", portal.ID())
		ctx.Export("welcomeId", welcome.ID())
		return nil
	})
}
