#!/usr/bin/env python3
"""Manifests for the explain and migrate benchmarks (BENCHMARKS.md), on stdout.

  cluster-dump.py deployments N [GPU_EVERY]  kubectl get -A -o yaml: a v1 List of N Deployments,
                                             one in GPU_EVERY asking for nvidia.com/gpu
  cluster-dump.py pods N                     a v1 List of a ResourceClaimTemplate and N Pods
                                             that use it (explain's input)
  cluster-dump.py documents N                N small Deployments, one document each (issue 36's
                                             5 MB manifest)
  cluster-dump.py worst                      the largest legal document: just under 3 MiB of
                                             the smallest nodes (one-character scalars)
"""
import sys

out = sys.stdout
mode = sys.argv[1]
if mode == "worst":
    head = "apiVersion: v1\nkind: Pod\nmetadata: {name: worst}\nspec:\n  x: ["
    n = (3 * 1024 * 1024 - 100 - len(head) - 3) // 2
    out.write(head + "a," * n + "a]\n")
    sys.exit()
n = int(sys.argv[2])
if mode == "documents":
    for i in range(n):
        out.write(f"---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d{i}\n  namespace: ns\n"
                  "spec:\n  template:\n    spec:\n      containers:\n      - name: c\n        image: busybox\n")
    sys.exit()
gpu_every = int(sys.argv[3]) if len(sys.argv) > 3 else 0
out.write("apiVersion: v1\nitems:\n")
if mode == "pods":
    out.write("""- apiVersion: resource.k8s.io/v1
  kind: ResourceClaimTemplate
  metadata: {name: one-gpu, namespace: default}
  spec:
    spec:
      devices:
        requests:
        - name: gpu
          exactly: {deviceClassName: gpu.nvidia.com}
""")
for i in range(n):
    if mode == "pods":
        out.write(f"""- apiVersion: v1
  kind: Pod
  metadata:
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: |
        {{"apiVersion":"v1","kind":"Pod","metadata":{{"annotations":{{}},"name":"p-{i}","namespace":"default"}},"spec":{{"containers":[{{"image":"registry.example.com/app:1.{i}","name":"app"}}]}}}}
    creationTimestamp: "2026-01-01T10:00:00Z"
    labels:
      app: app-{i}
      pod-template-hash: 5d8f9c7b6
    name: p-{i}
    namespace: default
    resourceVersion: "{1000000 + i}"
    uid: 6f1c2a3b-{i:04x}-4c5d-8e9f-0a1b2c3d4e5f
  spec:
    containers:
    - env:
      - name: LOG_LEVEL
        value: info
      image: registry.example.com/app:1.{i}
      imagePullPolicy: IfNotPresent
      name: app
      ports:
      - containerPort: 8080
        name: http
        protocol: TCP
      resources:
        claims:
        - name: gpu
        limits:
          cpu: "2"
          memory: 4Gi
        requests:
          cpu: 500m
          memory: 1Gi
      terminationMessagePath: /dev/termination-log
      terminationMessagePolicy: File
      volumeMounts:
      - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
        name: kube-api-access-abcde
        readOnly: true
    dnsPolicy: ClusterFirst
    enableServiceLinks: true
    nodeName: node-a
    preemptionPolicy: PreemptLowerPriority
    priority: 0
    resourceClaims:
    - name: gpu
      resourceClaimTemplateName: one-gpu
    restartPolicy: Always
    schedulerName: default-scheduler
    securityContext: {{}}
    serviceAccount: default
    serviceAccountName: default
    terminationGracePeriodSeconds: 30
    tolerations:
    - effect: NoExecute
      key: node.kubernetes.io/not-ready
      operator: Exists
      tolerationSeconds: 300
    volumes:
    - name: kube-api-access-abcde
      projected:
        defaultMode: 420
        sources:
        - serviceAccountToken:
            expirationSeconds: 3607
            path: token
  status:
    phase: Pending
    qosClass: Burstable
""")
    else:
        gpu = gpu_every and i % gpu_every == 0
        out.write(f"""- apiVersion: apps/v1
  kind: Deployment
  metadata:
    annotations:
      deployment.kubernetes.io/revision: "3"
      kubectl.kubernetes.io/last-applied-configuration: |
        {{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"annotations":{{}},"name":"app-{i}","namespace":"team-{i % 50}"}},"spec":{{"replicas":2,"selector":{{"matchLabels":{{"app":"app-{i}"}}}},"template":{{"metadata":{{"labels":{{"app":"app-{i}"}}}},"spec":{{"containers":[{{"image":"registry.example.com/app:1.{i}","name":"app"}}]}}}}}}}}
    creationTimestamp: "2026-01-0{i % 9 + 1}T10:00:00Z"
    generation: 3
    labels:
      app: app-{i}
      team: team-{i % 50}
    name: app-{i}
    namespace: team-{i % 50}
    resourceVersion: "{1000000 + i}"
    uid: 6f1c2a3b-{i:04x}-4c5d-8e9f-0a1b2c3d4e5f
  spec:
    progressDeadlineSeconds: 600
    replicas: 2
    revisionHistoryLimit: 10
    selector:
      matchLabels:
        app: app-{i}
    strategy:
      rollingUpdate:
        maxSurge: 25%
        maxUnavailable: 25%
      type: RollingUpdate
    template:
      metadata:
        creationTimestamp: null
        labels:
          app: app-{i}
      spec:
        containers:
        - env:
          - name: LOG_LEVEL
            value: info
          - name: POD_NAME
            valueFrom:
              fieldRef:
                apiVersion: v1
                fieldPath: metadata.name
          image: registry.example.com/app:1.{i}
          imagePullPolicy: IfNotPresent
          name: app
          ports:
          - containerPort: 8080
            name: http
            protocol: TCP
          readinessProbe:
            failureThreshold: 3
            httpGet:
              path: /healthz
              port: http
              scheme: HTTP
            periodSeconds: 10
            successThreshold: 1
            timeoutSeconds: 1
          resources:
            limits:
              cpu: "2"
              memory: 4Gi{chr(10) + '              nvidia.com/gpu: "1"' if gpu else ''}
            requests:
              cpu: 500m
              memory: 1Gi
          terminationMessagePath: /dev/termination-log
          terminationMessagePolicy: File
        dnsPolicy: ClusterFirst
        restartPolicy: Always
        schedulerName: default-scheduler
        securityContext: {{}}
        terminationGracePeriodSeconds: 30
  status:
    availableReplicas: 2
    conditions:
    - lastTransitionTime: "2026-01-01T10:00:00Z"
      lastUpdateTime: "2026-01-01T10:00:00Z"
      message: Deployment has minimum availability.
      reason: MinimumReplicasAvailable
      status: "True"
      type: Available
    observedGeneration: 3
    readyReplicas: 2
    replicas: 2
    updatedReplicas: 2
""")
out.write('kind: List\nmetadata:\n  resourceVersion: ""\n')
