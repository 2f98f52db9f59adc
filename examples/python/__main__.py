"""An app of the tenant, with its owner team's annotation, through the idgov Python SDK."""

import pulumi
import pulumi_idgov as idgov

portal = idgov.App(
    "portal",
    display_name="Portal (Python)",
    description="Managed from Python through pulumi-resource-idgov",
    annotations={"team": "iam"},
)

pulumi.export("portalId", portal.id)
