// Apps, request catalogs, automations, tenant settings, auth configs, app resources and access-review scopes of an Identity Governance Service tenant, kept in code.
package idgov
