package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// pythonExecutorName is the script, shipped beside the official host, that sets up the Pulumi runtime and runs the
// program; scripts/get-pulumi.sh installs the one from the Go SDK module beside this binary.
const pythonExecutorName = "pulumi-language-python-exec"

// pythonHost runs Python programs as the official host does with the pip toolchain:
// `<python> pulumi-language-python-exec --monitor … <entry point>`, with the virtualenv's python when
// runtime.options.virtualenv is set, else PULUMI_PYTHON_CMD, python3 or python from PATH.
type pythonHost struct {
	*host
	executor string
}

// pythonExecutorPath returns the executor given with -use-executor, else the one beside this binary.
func pythonExecutorPath(given string) (string, error) {
	if given != "" {
		return given, nil
	}
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("could not determine current executable: %w", err)
	}
	path := filepath.Join(filepath.Dir(self), pythonExecutorName)
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("missing executor %s: %w", path, err)
	}
	return path, nil
}

// pythonEnv is the interpreter a program runs with, and the environment around it.
type pythonEnv struct {
	python     string
	virtualenv string // "" for the ambient python
}

// pythonEnvFor reads runtime.options; only the pip toolchain (the default) is served by this stand-in.
func pythonEnvFor(info *pulumirpc.ProgramInfo) (pythonEnv, error) {
	opts := map[string]any{}
	if info.GetOptions() != nil {
		opts = info.GetOptions().AsMap()
	}
	for _, unsupported := range []string{"typechecker", "toolchain"} {
		if v, ok := opts[unsupported]; ok && !(unsupported == "toolchain" && v == "pip") {
			return pythonEnv{}, fmt.Errorf("runtime option %s: %v is not supported by the stand-in "+
				"pulumi-language-python built by scripts/get-pulumi.sh; use the official host", unsupported, v)
		}
	}
	if v, ok := opts["virtualenv"]; ok {
		venv, isString := v.(string)
		if !isString {
			return pythonEnv{}, errors.New("virtualenv option must be a string")
		}
		if !filepath.IsAbs(venv) {
			venv = filepath.Join(info.GetRootDirectory(), venv)
		}
		return pythonEnv{python: filepath.Join(venv, "bin", "python"), virtualenv: venv}, nil
	}
	candidates := []string{"python3", "python"}
	if cmd := os.Getenv("PULUMI_PYTHON_CMD"); cmd != "" {
		candidates = []string{cmd}
	}
	for _, c := range candidates {
		if path, err := exec.LookPath(c); err == nil {
			return pythonEnv{python: path}, nil
		}
	}
	return pythonEnv{}, fmt.Errorf("failed to locate any of %q on your PATH. Have you installed Python 3.6 or greater?",
		candidates)
}

func (e pythonEnv) isVirtualenv() bool {
	st, err := os.Stat(e.python)
	return e.virtualenv != "" && err == nil && !st.IsDir()
}

// command runs python with args, inside the virtualenv (its bin first on PATH, VIRTUAL_ENV set) if there is one.
func (e pythonEnv) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, e.python, args...)
	if e.virtualenv == "" {
		return cmd
	}
	env := []string{}
	for _, kv := range os.Environ() {
		key := strings.ToUpper(strings.SplitN(kv, "=", 2)[0])
		switch key {
		case "PYTHONHOME", "VIRTUAL_ENV":
		case "PATH":
			env = append(env, "PATH="+filepath.Join(e.virtualenv, "bin")+string(os.PathListSeparator)+
				strings.SplitN(kv, "=", 2)[1])
		default:
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "VIRTUAL_ENV="+e.virtualenv)
	return cmd
}

func (h *pythonHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	py, err := pythonEnvFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	if py.virtualenv != "" && !py.isVirtualenv() {
		return nil, fmt.Errorf("the 'virtualenv' option in Pulumi.yaml is set to %q, but %q does not appear to be a "+
			"virtual environment; run `pulumi install` to create it", py.virtualenv, py.virtualenv)
	}
	h.mu.Lock()
	engineAddress := h.engineAddress
	h.mu.Unlock()

	args := []string{h.executor}
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", engineAddress)
	add("project", req.GetProject())
	add("root_directory", req.GetInfo().GetRootDirectory())
	add("stack", req.GetStack())
	add("pwd", req.GetPwd())
	add("dry_run", strconv.FormatBool(req.GetDryRun()))
	add("parallel", strconv.Itoa(int(req.GetParallel())))
	add("tracing", h.tracing)
	add("organization", req.GetOrganization())
	args = append(append(args, req.GetInfo().GetEntryPoint()), req.GetArgs()...)

	env, err := configEnv(req)
	if err != nil {
		return nil, err
	}
	cmd := py.command(context.Background(), args...)
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, env...)
	return h.runToCompletion(cmd, "problem executing program (could not run language executor): ", "program"), nil
}

// configEnv is PULUMI_CONFIG (the keys as the engine sends them) and PULUMI_CONFIG_SECRET_KEYS.
func configEnv(req *pulumirpc.RunRequest) ([]string, error) {
	var env []string
	if cfg := req.GetConfig(); cfg != nil {
		b, err := json.Marshal(cfg)
		if err != nil {
			return nil, fmt.Errorf("failed to serialize configuration: %w", err)
		}
		env = append(env, "PULUMI_CONFIG="+string(b))
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	b, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, fmt.Errorf("failed to serialize configuration secret keys: %w", err)
	}
	return append(env, "PULUMI_CONFIG_SECRET_KEYS="+string(b)), nil
}

// GetRequiredPlugins is not served: the engine asks GetRequiredPackages, as of the official host.
func (h *pythonHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return nil, status.Errorf(codes.Unimplemented, "method GetRequiredPlugins not implemented")
}

func (h *pythonHost) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	py, err := pythonEnvFor(req.GetInfo())
	if err != nil {
		return err
	}
	stdout, stderr := installStreams(server)
	return installPython(server.Context(), py, req.GetInfo().GetProgramDirectory(), stdout, stderr)
}

func (h *pythonHost) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	py, err := pythonEnvFor(req.GetInfo())
	if err != nil {
		return nil, err
	}
	out, err := py.command(ctx, "--version").Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: py.python,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "Python "),
		Metadata:   map[string]string{"languageHost": "stand-in built by scripts/get-pulumi.sh"},
	}, nil
}
