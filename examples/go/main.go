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
		// The portal's access, onboarded the governed way by one component built by the plugin: the Payroll app with
		// its owners and policies and its private request catalog.
		payroll, err := idgov.NewGovernedApp(ctx, "payroll", &idgov.GovernedAppArgs{
			DisplayName:    pulumi.String("Payroll (Go)"),
			Owners:         pulumi.StringArray{pulumi.String("user-0001"), pulumi.String("user-0002")},
			GrantPolicyId:  pulumi.String("policy-manager-approval"),
			RevokePolicyId: pulumi.String("policy-auto-revoke"),
			Annotations:    pulumi.StringMap{"team": pulumi.String("finance")},
			CatalogEntitlements: idgov.RequestCatalogAccessEntitlementsItemArray{
				idgov.RequestCatalogAccessEntitlementsItemArgs{
					AppId: pulumi.String("app-github"),
					Id:    pulumi.String("ent-github-org-member"),
				},
			},
		})
		if err != nil {
			return err
		}
		// The tenant's session, SSO and cross-app-access settings to the company's standard, by a second component. The
		// settings are one per tenant: no other resource of this program declares them. Destroy puts them back.
		baseline, err := idgov.NewTenantBaseline(ctx, "baseline", &idgov.TenantBaselineArgs{
			AdminNetworks: pulumi.StringArray{pulumi.String("10.20.0.0/16"), pulumi.String("2001:db8:20::/48")},
		})
		if err != nil {
			return err
		}
		ctx.Export("portalId", portal.ID())
		ctx.Export("payrollAppId", payroll.AppId)
		ctx.Export("payrollCatalogId", payroll.RequestCatalogId)
		ctx.Export("welcomeId", welcome.ID())
		ctx.Export("sessionLength", baseline.SessionLength)
		return nil
	})
}
