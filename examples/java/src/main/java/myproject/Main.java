// An app of the tenant, its request catalog and the automation that welcomes its new users, through the idgov
// Java SDK, on a provider instance of its own.
package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.deployment.InvokeOutputOptions;
import com.pulumi.resources.ComponentResourceOptions;
import com.pulumi.resources.CustomResourceOptions;
import com.pulumiidgov.idgov.App;
import com.pulumiidgov.idgov.AppArgs;
import com.pulumiidgov.idgov.Automation;
import com.pulumiidgov.idgov.AutomationArgs;
import com.pulumiidgov.idgov.GovernedApp;
import com.pulumiidgov.idgov.GovernedAppArgs;
import com.pulumiidgov.idgov.IdgovFunctions;
import com.pulumiidgov.idgov.Provider;
import com.pulumiidgov.idgov.ProviderArgs;
import com.pulumiidgov.idgov.RequestCatalog;
import com.pulumiidgov.idgov.RequestCatalogArgs;
import com.pulumiidgov.idgov.TenantBaseline;
import com.pulumiidgov.idgov.TenantBaselineArgs;
import com.pulumiidgov.idgov.inputs.AutomationAutomationStepsItemArgs;
import com.pulumiidgov.idgov.inputs.GetAppArgs;
import com.pulumiidgov.idgov.inputs.RequestCatalogAccessEntitlementsItemArgs;
import java.util.Map;

public class Main {
    public static void main(String[] args) {
        Pulumi.run(Main::stack);
    }

    static void stack(Context ctx) {
        // The tenant, named once: the stack's idgov:* config, as the default provider would read it.
        var config = ctx.config("idgov");
        var tenant = new Provider("tenant", ProviderArgs.builder()
            .baseUrl(config.require("baseUrl"))
            .clientId(config.require("clientId"))
            .clientSecret(config.requireSecret("clientSecret"))
            .build());
        var onTenant = CustomResourceOptions.builder().provider(tenant).build();

        var portal = new App("portal", AppArgs.builder()
            .displayName("Portal (Java)")
            .description("Managed from Java through pulumi-resource-idgov")
            .annotations(Map.of("team", "iam"))
            .build(), onTenant);

        var catalog = new RequestCatalog("portal-catalog", RequestCatalogArgs.builder()
            .displayName("Portal access (Java)")
            .description("Who may ask for the portal")
            .annotations(Map.of("team", "iam"))
            .build(), onTenant);

        // A third kind, tied to the app: a welcome email to every new user of the engineering department.
        var welcome = new Automation("portal-welcome", AutomationArgs.builder()
            .displayName("Welcome to the portal (Java)")
            .appId(portal.id())
            .enabled(true)
            .triggers(Map.of("userCreated", Map.of("condition", "user.department == \"Engineering\"")))
            .automationSteps(AutomationAutomationStepsItemArgs.builder()
                .stepName("welcome")
                .sendEmail(Map.of(
                    "subject", "Welcome to the portal",
                    "body", "Sign in at the portal.",
                    "useSubjectUser", true))
                .build())
            .annotations(Map.of("team", "iam"))
            .build(), onTenant);

        // A lookup through the same provider: the app as the tenant answers it.
        var lookedUp = IdgovFunctions.getApp(
            GetAppArgs.builder().id(portal.id()).build(),
            InvokeOutputOptions.builder().provider(tenant).build());

        // The portal's access, onboarded the governed way by one component the plugin builds on the same provider:
        // the Payroll app with its owners and policies and its private request catalog.
        var payroll = new GovernedApp("payroll", GovernedAppArgs.builder()
            .displayName("Payroll (Java)")
            .owners("user-0001", "user-0002")
            .grantPolicyId("policy-manager-approval")
            .revokePolicyId("policy-auto-revoke")
            .annotations(Map.of("team", "finance"))
            .catalogEntitlements(RequestCatalogAccessEntitlementsItemArgs.builder()
                .appId("app-github")
                .id("ent-github-org-member")
                .build())
            .build(), ComponentResourceOptions.builder().providers(tenant).build());

        // The tenant's session, SSO and cross-app-access settings to the company's standard, by a second component.
        // The settings are one per tenant: no other resource of this program declares them. Destroy puts them back.
        var baseline = new TenantBaseline("baseline", TenantBaselineArgs.builder()
            .adminNetworks("10.20.0.0/16", "2001:db8:20::/48")
            .build(), ComponentResourceOptions.builder().providers(tenant).build());

        ctx.export("portalId", portal.id());
        ctx.export("payrollAppId", payroll.appId());
        ctx.export("catalogId", catalog.id());
        ctx.export("welcomeId", welcome.id());
        ctx.export("lookedUpDisplayName", lookedUp.applyValue(app -> app.displayName().orElse("")));
        ctx.export("sessionLength", baseline.sessionLength());
    }
}
