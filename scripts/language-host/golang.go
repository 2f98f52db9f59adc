package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// goHost runs Go programs as the official host does: `go build -buildvcs=false -o <binary> -trimpath
// -ldflags "-w -s"` in the program directory (or the prebuilt runtime.options.binary), then the binary, in the
// request's working directory, with the run's settings in PULUMI_* environment variables.
type goHost struct{ *host }

type goOptions struct{ binary, buildTarget string }

func goOptionsOf(info *pulumirpc.ProgramInfo) (goOptions, error) {
	var o goOptions
	if info.GetOptions() == nil {
		return o, nil
	}
	opts := info.GetOptions().AsMap()
	for key, dst := range map[string]*string{"binary": &o.binary, "buildTarget": &o.buildTarget} {
		if v, ok := opts[key]; ok {
			s, isString := v.(string)
			if !isString {
				return o, fmt.Errorf("%s option must be a string", key)
			}
			*dst = s
		}
	}
	if o.binary != "" && o.buildTarget != "" {
		return o, errors.New("binary and buildTarget cannot both be specified")
	}
	return o, nil
}

func (h *goHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	opts, err := goOptionsOf(req.GetInfo())
	if err != nil {
		return nil, err
	}
	env, err := h.goEnv(req)
	if err != nil {
		return nil, fmt.Errorf("failed to prepare environment: %w", err)
	}
	program := opts.binary
	if program != "" {
		if program, err = exec.LookPath(program); err != nil {
			return nil, fmt.Errorf("unable to find '%s' executable: %w", opts.binary, err)
		}
	} else {
		if program, err = compileGo(ctx, req.GetInfo().GetProgramDirectory(), opts.buildTarget); err != nil {
			return nil, fmt.Errorf("error in compiling Go: %w", err)
		}
		if opts.buildTarget == "" {
			defer os.Remove(program)
		}
	}
	cmd := exec.Command(program)
	cmd.Dir, cmd.Env = req.GetPwd(), env
	return h.runToCompletion(cmd, "", "program"), nil
}

// compileGo builds the program in dir to outfile (a temporary file when "") and returns the binary's path.
func compileGo(ctx context.Context, dir, outfile string) (string, error) {
	if matches, _ := filepath.Glob(filepath.Join(dir, "*.go")); len(matches) == 0 {
		return "", fmt.Errorf("Failed to find go files for 'go build' matching %s", filepath.Join(dir, "*.go"))
	}
	if outfile == "" {
		f, err := os.CreateTemp("", "pulumi-go.*")
		if err != nil {
			return "", fmt.Errorf("unable to create go program temp file: %w", err)
		}
		if err := f.Close(); err != nil {
			return "", err
		}
		outfile = f.Name()
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("unable to find 'go' executable: %w", err)
	}
	build := exec.CommandContext(ctx, gobin, "build", "-buildvcs=false", "-o", outfile, "-trimpath", "-ldflags", "-w -s")
	build.Dir, build.Stdout, build.Stderr = dir, os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("unable to run `go build`: %w", err)
	}
	return outfile, nil
}

// goEnv passes the run's settings as the Go SDK reads them (pulumi.Run).
func (h *goHost) goEnv(req *pulumirpc.RunRequest) ([]string, error) {
	config, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	engineAddress := h.engineAddress
	h.mu.Unlock()
	env := os.Environ()
	for _, kv := range [][2]string{
		{"PULUMI_ORGANIZATION", req.GetOrganization()},
		{"PULUMI_PROJECT", req.GetProject()},
		{"PULUMI_ROOT_DIRECTORY", req.GetInfo().GetRootDirectory()},
		{"PULUMI_STACK", req.GetStack()},
	} {
		if kv[1] != "" {
			env = append(env, kv[0]+"="+kv[1])
		}
	}
	env = append(env, config...)
	env = append(env, "PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())))
	for _, kv := range [][2]string{{"PULUMI_MONITOR", req.GetMonitorAddress()}, {"PULUMI_ENGINE", engineAddress}} {
		if kv[1] != "" {
			env = append(env, kv[0]+"="+kv[1])
		}
	}
	return env, nil
}

// GetRequiredPlugins is not served: the engine asks GetRequiredPackages, as of the official host.
func (h *goHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method GetRequiredPlugins not implemented")
}

// modulePluginJSON finds a module's pulumi-plugin.json where the official host looks, first match wins: the
// module root, go/, go/*/ (a provider's sdk/ module) and */ (a module whose root is the SDK's go folder).
func modulePluginJSON(dir string) (string, bool) {
	paths := []string{filepath.Join(dir, "pulumi-plugin.json"), filepath.Join(dir, "go", "pulumi-plugin.json")}
	for _, glob := range []string{"go/*/pulumi-plugin.json", "*/pulumi-plugin.json"} {
		if matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(glob))); err == nil {
			paths = append(paths, matches...)
		}
	}
	for _, path := range paths {
		if info, err := os.Stat(path); err == nil && !info.IsDir() {
			return path, true
		}
	}
	return "", false
}

// GetRequiredPackages reports the program's modules holding a pulumi-plugin.json with "resource": true.
func (h *goHost) GetRequiredPackages(
	ctx context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	dir := req.GetInfo().GetProgramDirectory()
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return resp, nil
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-m", "-json", "all")
	cmd.Dir, cmd.Stderr = dir, os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("`go list -m -json all` in %s failed: %w", dir, err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var m struct {
			Path, Version, Dir string
			Main               bool
		}
		if err := dec.Decode(&m); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("parsing `go list -m -json all`: %w", err)
		}
		if m.Main || m.Dir == "" {
			continue
		}
		pluginPath, found := modulePluginJSON(m.Dir)
		if !found {
			continue
		}
		dep, err := packageOf(m.Path, strings.TrimPrefix(m.Version, "v"), &pluginPath)
		if err != nil {
			return nil, err
		}
		// A Go module's plugin needs the name in its pulumi-plugin.json (a name derived from the module path is
		// the path itself, which names no plugin).
		if dep != nil && dep.GetName() != m.Path {
			resp.Packages = append(resp.Packages, dep)
		}
	}
	return resp, nil
}

// InstallDependencies runs `go mod tidy -compat=1.18` in the program directory, as the official host does.
func (h *goHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	return runInstall(server, req.GetInfo().GetProgramDirectory(), "go", "mod", "tidy", "-compat=1.18")
}

func (h *goHost) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, status.Errorf(codes.FailedPrecondition, "unable to find 'go' executable: %v", err)
	}
	out, err := exec.CommandContext(ctx, gobin, "env", "GOVERSION").Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: gobin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "go"),
		Metadata:   map[string]string{"languageHost": "stand-in built by scripts/get-pulumi.sh"},
	}, nil
}
