// Command gen-sdk writes the idgov SDKs for Node.js, Python and Go from the package schema with Pulumi's own
// code generators (github.com/pulumi/pulumi/pkg/v3/codegen), the ones `pulumi package gen-sdk` runs.
//
// Usage: gen-sdk SCHEMA_JSON OUT_DIR — writes OUT_DIR/nodejs, OUT_DIR/python and OUT_DIR/go, each replaced whole.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/blang/semver"
)

const tool = "pulumi-idgov gen-sdk"

func main() {
	if len(os.Args) != 3 {
		fail("usage: gen-sdk SCHEMA_JSON OUT_DIR")
	}
	raw, err := os.ReadFile(os.Args[1])
	check(err, "reading the schema")
	var spec schema.PackageSpec
	check(json.Unmarshal(raw, &spec), "parsing the schema")

	languages := map[string]func(*schema.Package) (map[string][]byte, error){
		"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
			return nodejs.GeneratePackage(tool, pkg, nil, nil, false, selfOnly{})
		},
		"python": func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := python.GeneratePackage(tool, pkg, nil, selfOnly{})
			// pyproject.toml names README.md beside it; the generator writes it in the module folder (pack-sdk copies it).
			for name, content := range files {
				if dir, base := path.Split(name); base == "README.md" && dir != "" && !strings.Contains(dir[:len(dir)-1], "/") {
					files["README.md"] = content
				}
			}
			return files, err
		},
		"go": func(pkg *schema.Package) (map[string][]byte, error) {
			files, err := gogen.GeneratePackage(tool, pkg, nil)
			if err == nil {
				err = requireGoSdkFloor(files)
			}
			return files, err
		},
	}
	for _, language := range []string{"nodejs", "python", "go"} {
		// Each generator records its language's settings on the package, so each gets a freshly bound one.
		pkg, diags, err := schema.BindSpec(spec, selfOnly{}, schema.ValidationOptions{})
		check(err, "binding the schema")
		if diags.HasErrors() {
			fail(fmt.Sprintf("the schema does not bind: %s", diags.Error()))
		}
		files, err := languages[language](pkg)
		check(err, "generating the "+language+" SDK")
		write(filepath.Join(os.Args[2], language), files)
	}
}

// goSdkFloor is the oldest github.com/pulumi/pulumi/sdk/v3 the generated Go SDK builds with (found by building it:
// ctx.InvokeOutput and pulumi.InvokeOutputOptions came with it). The generator writes v3.30.0, which lacks them, and
// `go mod tidy` would then move a user to the newest SDK without a word.
const goSdkFloor = "v3.143.0"

// requireGoSdkFloor makes the Go SDK's go.mod require goSdkFloor instead of the generator's v3.30.0.
func requireGoSdkFloor(files map[string][]byte) error {
	const written = "github.com/pulumi/pulumi/sdk/v3 v3.30.0"
	mod := string(files["go.mod"])
	if !strings.Contains(mod, written) {
		return fmt.Errorf("the generated go.mod no longer requires %q: check goSdkFloor against it", written)
	}
	files["go.mod"] = []byte(strings.Replace(mod, written, "github.com/pulumi/pulumi/sdk/v3 "+goSdkFloor, 1))
	return nil
}

// write replaces dir by the generated files.
func write(dir string, files map[string][]byte) {
	check(os.RemoveAll(dir), "clearing "+dir)
	for name, content := range files {
		target := filepath.Join(dir, filepath.FromSlash(name))
		check(os.MkdirAll(filepath.Dir(target), 0o755), "creating "+filepath.Dir(target))
		check(os.WriteFile(target, content, 0o644), "writing "+target)
	}
}

func check(err error, doing string) {
	if err != nil {
		fail(fmt.Sprintf("%s: %v", doing, err))
	}
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, "gen-sdk:", message)
	os.Exit(1)
}

// selfOnly is the loader for a schema that refers to no other package: asked for one, it says so.
type selfOnly struct{}

func (selfOnly) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the idgov schema refers to package %q, and gen-sdk loads no other package", name)
}

func (l selfOnly) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l selfOnly) LoadPackageReference(name string, v *semver.Version) (schema.PackageReference, error) {
	_, err := l.LoadPackage(name, v)
	return nil, err
}

func (l selfOnly) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}
