package main

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/keyutil"
	"k8s.io/klog/v2"
	serviceaccountcontroller "k8s.io/kubernetes/pkg/controller/serviceaccount"
	"k8s.io/kubernetes/pkg/serviceaccount"
)

// tokenSigning is what the tokens controller shares with kube-apiserver: the
// key the apiserver verifies service-account tokens with
// (--service-account-key-file) and the CA bundle put into token secrets.
type tokenSigning struct {
	keyFile string
	rootCA  []byte
}

// newServiceAccountControllers builds the service-account controller (SA
// "default" in every namespace, which the ServiceAccount admission plugin
// requires before it admits a pod) and the tokens controller (fills in
// manually created kubernetes.io/service-account-token secrets), as
// kube-controller-manager does.
func newServiceAccountControllers(ctx context.Context, client kubernetes.Interface, factory informers.SharedInformerFactory, signing tokenSigning) ([]func(context.Context), error) {
	logger := klog.FromContext(ctx)
	accounts, err := newServiceAccountsController(logger.WithName("serviceaccount-controller"), client, factory)
	if err != nil {
		return nil, fmt.Errorf("service-account controller: %w", err)
	}

	key, err := keyutil.PrivateKeyFromFile(signing.keyFile)
	if err != nil {
		return nil, fmt.Errorf("service-account token controller: %w", err)
	}
	generator, err := serviceaccount.JWTTokenGenerator(serviceaccount.LegacyIssuer, key)
	if err != nil {
		return nil, fmt.Errorf("service-account token controller: %w", err)
	}
	tokens, err := serviceaccountcontroller.NewTokensController(
		logger.WithName("serviceaccount-token-controller"),
		factory.Core().V1().ServiceAccounts(),
		factory.Core().V1().Secrets(),
		client,
		serviceaccountcontroller.TokensControllerOptions{TokenGenerator: generator, RootCA: signing.rootCA},
	)
	if err != nil {
		return nil, fmt.Errorf("service-account token controller: %w", err)
	}
	return []func(context.Context){
		func(ctx context.Context) { accounts.Run(ctx, 1) },
		func(ctx context.Context) { tokens.Run(ctx, 1) },
	}, nil
}

// waitForDefaultServiceAccount waits until SA "default" exists in namespace
// "default", so that pods created there right after "ready:" are admitted.
func waitForDefaultServiceAccount(ctx context.Context, client kubernetes.Interface) error {
	err := wait.PollUntilContextCancel(ctx, 50*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		_, err := client.CoreV1().ServiceAccounts(metav1.NamespaceDefault).Get(ctx, "default", metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return err == nil, nil
	})
	if err != nil {
		return fmt.Errorf("service account default/default not created: %w", err)
	}
	return nil
}
