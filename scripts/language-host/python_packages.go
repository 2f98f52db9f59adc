package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// listDistributions prints, for every installed distribution, its name, version and the path of the
// pulumi-plugin.json it ships (the shallowest, or null).
const listDistributions = `import importlib.metadata as md, json
out = []
for d in md.distributions():
    plugins = sorted((f for f in (d.files or []) if f.name == "pulumi-plugin.json"), key=lambda f: len(f.parts))
    out.append({"name": d.metadata["Name"], "version": d.version,
                 "plugin": str(d.locate_file(plugins[0])) if plugins else None})
print(json.dumps(out))`

// packagesWithoutPlugin are Pulumi Python packages that have no resource plugin.
var packagesWithoutPlugin = map[string]bool{"pulumi-policy": true, "pulumi-esc-sdk": true}

type pluginJSON struct {
	Resource         bool   `json:"resource"`
	Name             string `json:"name"`
	Version          string `json:"version"`
	Server           string `json:"server"`
	Parameterization *struct {
		Name    string `json:"name"`
		Version string `json:"version"`
		Value   []byte `json:"value"`
	} `json:"parameterization"`
}

// plainVersion matches the package versions whose plugin version is known: N[.N[.N]].
var plainVersion = regexp.MustCompile(`^[0-9]+(\.[0-9]+){0,2}$`)

// GetRequiredPackages reports the installed packages that declare a resource plugin (pulumi-plugin.json with
// "resource": true, or a `pulumi-<name>` package), creating the virtualenv first if it is configured but missing.
func (h *pythonHost) GetRequiredPackages(
	ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	py, err := pythonEnvFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	if py.virtualenv != "" && !py.isVirtualenv() {
		if err := installPython(ctx, py, req.GetInfo().GetProgramDirectory(), os.Stderr, os.Stderr); err != nil {
			return nil, err
		}
	}
	out, err := py.command(ctx, "-c", listDistributions).Output()
	if err != nil {
		return nil, fmt.Errorf("listing the installed Python packages with %s: %w", py.python, err)
	}
	var dists []struct {
		Name, Version string
		Plugin        *string
	}
	if err := json.Unmarshal(out, &dists); err != nil {
		return nil, fmt.Errorf("parsing the installed Python packages: %w", err)
	}
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	for _, d := range dists {
		dep, err := packageOf(strings.ReplaceAll(strings.ToLower(d.Name), "_", "-"), d.Version, d.Plugin)
		if err != nil {
			return nil, err
		}
		if dep != nil {
			resp.Packages = append(resp.Packages, dep)
		}
	}
	return resp, nil
}

// packageOf returns the plugin a Python distribution needs, or nil for none (or an unknown plugin version).
func packageOf(name, version string, pluginPath *string) (*pulumirpc.PackageDependency, error) {
	if packagesWithoutPlugin[name] {
		return nil, nil
	}
	var p pluginJSON
	if pluginPath != nil {
		b, err := os.ReadFile(*pluginPath)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return nil, fmt.Errorf("failed to parse pulumi-plugin.json for %s: %w", name, err)
		}
		if !p.Resource {
			return nil, nil
		}
	} else if !strings.HasPrefix(name, "pulumi-") {
		return nil, nil
	}
	dep := &pulumirpc.PackageDependency{Name: p.Name, Version: p.Version, Kind: "resource", Server: p.Server}
	if dep.Name == "" {
		dep.Name = strings.TrimPrefix(name, "pulumi-")
	}
	if dep.Version == "" {
		if !plainVersion.MatchString(version) {
			return nil, nil
		}
		for strings.Count(version, ".") < 2 {
			version += ".0"
		}
		dep.Version = version
	}
	if !strings.HasPrefix(dep.Version, "v") {
		dep.Version = "v" + dep.Version
	}
	if z := p.Parameterization; z != nil {
		dep.Parameterization = &pulumirpc.PackageParameterization{Name: z.Name, Version: z.Version, Value: z.Value}
	}
	return dep, nil
}

// installPython creates the configured virtualenv if it is missing and installs requirements.txt into it
// (or into the ambient python when no virtualenv is configured).
func installPython(ctx context.Context, py pythonEnv, dir string, stdout, stderr io.Writer) error {
	if py.virtualenv != "" && !py.isVirtualenv() {
		ambient, err := pythonEnvFor(nil)
		if err != nil {
			return err
		}
		if err := runIn(ctx, dir, stdout, stderr, ambient.python, "-m", "venv", py.virtualenv); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "requirements.txt")); err != nil {
		return nil
	}
	cmd := py.command(ctx, "-m", "pip", "install", "-r", "requirements.txt")
	return runIn(ctx, dir, stdout, stderr, cmd.Path, cmd.Args[1:]...)
}
