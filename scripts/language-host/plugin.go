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

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// RunPlugin runs a plugin written in Node.js the way the official host v3.248.0 does. The engine uses it for
// policy packs (kind "analyzer": `pulumi preview --policy-pack <dir>` with a PulumiPolicy.yaml whose runtime is
// nodejs), which run `node @pulumi/pulumi/cmd/run-policy-pack <args> <dir>` in the pack's directory behind the
// SDK's PolicyProxy, so the pack starts with the stack's configuration in its environment (PULUMI_CONFIG,
// PULUMI_NODEJS_STACK, ...). Other kinds run `@pulumi/pulumi/cmd/run-plugin <dir> <args>` in the engine's directory.
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if languageOf(os.Args[0]) != "nodejs" {
		return status.Errorf(codes.Unimplemented, "%s: RunPlugin is served for Node.js plugins only", progName())
	}
	ctx := server.Context()
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	dir := req.GetInfo().GetProgramDirectory()
	policy := req.GetKind() == "analyzer"
	module := "@pulumi/pulumi/cmd/run-plugin"
	if policy {
		module = "@pulumi/pulumi/cmd/run-policy-pack"
	} else if p := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH"); p != "" {
		module = p
	}
	runPath, err := resolveModule(ctx, nodeBin, dir, module)
	if err != nil {
		return err
	}

	typescript, tsconfig, nodeargs := h.runtimeOptions(req.GetInfo())
	env := append([]string{}, req.GetEnv()...)
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	// As the official host: node <runPath> <nodeargs> then, for a policy pack, the engine's arguments and the
	// pack's directory last; for any other plugin, the directory first.
	args := append([]string{runPath}, nodeargs...)
	if policy {
		args = append(append(args, req.GetArgs()...), dir)
	} else {
		args = append(append(args, dir), req.GetArgs()...)
	}

	var proxy *sdk.PolicyProxy
	if policy {
		proxy, stdout, err = sdk.NewPolicyProxy(ctx, stdout)
		if err != nil {
			return fmt.Errorf("could not start policy pack proxy: %w", err)
		}
		config, err := proxy.AwaitConfiguration(ctx)
		if err != nil {
			return fmt.Errorf("could not get stack configuration: %w", err)
		}
		if env, err = withStackConfiguration(env, config); err != nil {
			return err
		}
	}

	cmd := exec.CommandContext(ctx, nodeBin, args...)
	cmd.Dir = req.GetPwd()
	if policy {
		cmd.Dir = dir
	}
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := runPluginProcess(ctx, cmd, proxy); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			return fmt.Errorf("Program exited with non-zero exit code: %d", exitErr.ExitCode())
		}
		return fmt.Errorf("Problem executing plugin program (could not run language executor): %w", err)
	}
	return closer.Close()
}

// runPluginProcess starts cmd and waits for it; a policy pack is waited for through its proxy.
func runPluginProcess(ctx context.Context, cmd *exec.Cmd, proxy *sdk.PolicyProxy) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	if proxy != nil {
		if err := proxy.Attach(ctx, cmd); err != nil {
			return fmt.Errorf("could not attach policy pack proxy: %w", err)
		}
		return nil
	}
	return cmd.Wait()
}

// withStackConfiguration adds what the engine told the policy pack about the stack to env, as the official host does.
func withStackConfiguration(env []string, config *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	if config == nil {
		return env, nil
	}
	add := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	add("PULUMI_NODEJS_ORGANIZATION", config.GetOrganization())
	add("PULUMI_NODEJS_PROJECT", config.GetProject())
	add("PULUMI_NODEJS_STACK", config.GetStack())
	add("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(config.GetDryRun()))
	if config.GetConfig() != nil {
		text, err := json.Marshal(config.GetConfig())
		if err != nil {
			return nil, fmt.Errorf("could not marshal stack configuration: %w", err)
		}
		add("PULUMI_CONFIG", string(text))
	}
	return env, nil
}

// resolveModule finds a module the way node does from dir, with the official host's hint when it is missing.
func resolveModule(ctx context.Context, nodeBin, dir, module string) (string, error) {
	cmd := exec.CommandContext(ctx, nodeBin, "-e", fmt.Sprintf("process.stdout.write(require.resolve(%q))", module))
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("It looks like the Pulumi SDK has not been installed. Have you run npm install in %s? "+
			"(node: %s)", dir, strings.TrimSpace(stderr.String()))
	}
	return filepath.Clean(strings.TrimSpace(string(out))), nil
}
