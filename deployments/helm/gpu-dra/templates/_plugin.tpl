{{- /* The env both kubelet-plugin containers share. Called with (dict "context" $ "healthcheckPort" N "httpEndpoint" E). */}}
{{- define "gpu-dra.pluginEnv" -}}
{{- $v := .context.Values -}}
- name: NODE_NAME
  valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
- name: NAMESPACE
  valueFrom: {fieldRef: {fieldPath: metadata.namespace}}
- name: NVIDIA_VISIBLE_DEVICES
  value: void
# as NVIDIA's chart: the NVIDIA container runtime, where it runs the pod, grants MIG config
- name: NVIDIA_MIG_CONFIG_DEVICES
  value: all
- name: CDI_ROOT
  value: {{ $v.kubeletPlugin.cdiRoot | quote }}
# the host's driver root: CDI specs name host paths under it; the plugin reads the same files at
# /driver-root (DRIVER_ROOT_CTR_PATH's default), mounted below
- name: NVIDIA_DRIVER_ROOT
  value: {{ $v.nvidiaDriverRoot | quote }}
{{- with $v.nvidiaCDIHookPath }}
- name: NVIDIA_CDI_HOOK_PATH
  value: {{ . | quote }}
{{- end }}
- name: KUBELET_REGISTRAR_DIRECTORY_PATH
  value: {{ $v.kubeletPlugin.kubeletRegistrarDirectoryPath | quote }}
- name: KUBELET_PLUGINS_DIRECTORY_PATH
  value: {{ $v.kubeletPlugin.kubeletPluginsDirectoryPath | quote }}
- name: HEALTHCHECK_PORT
  value: {{ .healthcheckPort | quote }}
{{- if $v.featureGates }}
- name: FEATURE_GATES
  value: {{ include "gpu-dra.featureGates" .context | quote }}
{{- end }}
{{ include "gpu-dra.loggingEnv" .context }}
{{- if $v.kubeletPlugin.metrics.enabled }}
- name: HTTP_ENDPOINT
  value: {{ .httpEndpoint | quote }}
- name: METRICS_PATH
  value: {{ $v.kubeletPlugin.metrics.metricsPath | quote }}
{{- end }}
{{- with $v.simulatedGpus }}
- name: SIMULATED_GPUS
  value: {{ . | quote }}
{{- end }}
{{- end -}}

{{- /* The gRPC health probes of a kubelet-plugin container (none for a negative port). */}}
{{- define "gpu-dra.probes" -}}
{{- if gt (int .port) 0 }}
startupProbe:
  grpc: {port: {{ .port }}, service: liveness}
  failureThreshold: 600
  periodSeconds: 1
  timeoutSeconds: 10
# NotReady while the plugin refuses every claim (an unreadable checkpoint)
readinessProbe:
  grpc: {port: {{ .port }}, service: readiness}
  periodSeconds: 10
livenessProbe:
  grpc: {port: {{ .port }}, service: liveness}
  failureThreshold: 3
  periodSeconds: {{ .livenessPeriod }}
  timeoutSeconds: 10
{{- end }}
{{- end -}}

{{- define "gpu-dra.pluginMounts" -}}
- name: plugins-registry
  mountPath: {{ .Values.kubeletPlugin.kubeletRegistrarDirectoryPath | quote }}
- name: plugins
  mountPath: {{ .Values.kubeletPlugin.kubeletPluginsDirectoryPath | quote }}
  mountPropagation: Bidirectional
- name: cdi
  mountPath: {{ .Values.kubeletPlugin.cdiRoot | quote }}
- name: driver-root
  mountPath: /driver-root
  readOnly: true
  mountPropagation: HostToContainer
{{- end -}}
