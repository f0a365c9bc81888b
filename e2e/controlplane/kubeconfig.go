package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"k8s.io/client-go/util/keyutil"
)

const adminUser = "gpu-dra-admin"

// randomToken returns a fresh bearer token for the admin user.
func randomToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// writeTokenFile writes the static token file read by --token-auth-file:
// one admin user in system:masters (bypasses RBAC).
func writeTokenFile(path, token string) error {
	line := fmt.Sprintf("%s,%s,%s,\"system:masters\"\n", token, adminUser, adminUser)
	return os.WriteFile(path, []byte(line), 0o600)
}

// writeServiceAccountKey writes a fresh ECDSA P-256 private key (PEM); the
// apiserver uses it both to sign and to verify service-account tokens.
func writeServiceAccountKey(path string) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	pemBytes, err := keyutil.MarshalPrivateKeyToPEM(key)
	if err != nil {
		return err
	}
	return os.WriteFile(path, pemBytes, 0o600)
}

// writeKubeconfig writes an admin kubeconfig: server URL, the apiserver's
// self-signed CA bundle and the static bearer token.
func writeKubeconfig(path, server string, caPEM []byte, token string) error {
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["gpu-dra-testcluster"] = &clientcmdapi.Cluster{
		Server:                   server,
		CertificateAuthorityData: caPEM,
	}
	cfg.AuthInfos[adminUser] = &clientcmdapi.AuthInfo{Token: token}
	cfg.Contexts["gpu-dra-testcluster"] = &clientcmdapi.Context{
		Cluster:   "gpu-dra-testcluster",
		AuthInfo:  adminUser,
		Namespace: "default",
	}
	cfg.CurrentContext = "gpu-dra-testcluster"
	return clientcmd.WriteToFile(*cfg, path)
}
