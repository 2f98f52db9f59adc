"""An app of the tenant and the automation that welcomes its new users, through the idgov Python SDK."""

import pulumi
import pulumi_idgov as idgov

portal = idgov.App(
    "portal",
    display_name="Portal (Python)",
    description="Managed from Python through pulumi-resource-idgov",
    annotations={"team": "iam"},
)

# A second kind, tied to the app: a welcome email to every new user of the engineering department.
welcome = idgov.Automation(
    "portal-welcome",
    display_name="Welcome to the portal (Python)",
    app_id=portal.id,
    enabled=True,
    triggers=[{"userCreated": {"condition": 'user.department == "Engineering"'}}],
    automation_steps=[
        idgov.AutomationAutomationStepsItemArgs(
            step_name="welcome",
            send_email={
                "subject": "Welcome to the portal",
                "body": "Sign in at the portal.",
                "useSubjectUser": True,
            },
        ),
    ],
    annotations={"team": "iam"},
)

pulumi.export("portalId", portal.id)
pulumi.export("welcomeId", welcome.id)
