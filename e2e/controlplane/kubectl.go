package main

import (
	"os"

	"k8s.io/cli-runtime/pkg/genericclioptions"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"k8s.io/component-base/cli"
	kubectl "k8s.io/kubectl/pkg/cmd"
)

// runKubectl runs the real kubectl of this Kubernetes version, as
// `gpu-dra-testcluster kubectl <kubectl args>`: the e2e suites check with it
// that gpu-dra's embedded demo cluster answers kubectl, discovery first. No
// kubectl plugins are looked up.
func runKubectl(args []string) int {
	streams := genericiooptions.IOStreams{In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr}
	command := kubectl.NewDefaultKubectlCommandWithArgs(kubectl.KubectlOptions{
		Arguments:   append([]string{"kubectl"}, args...),
		ConfigFlags: genericclioptions.NewConfigFlags(true).WithWarningPrinter(streams),
		IOStreams:   streams,
	})
	command.SetArgs(args)
	return cli.Run(command)
}
