{{- define "gpu-dra.fullname" -}}
{{- printf "%s" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "gpu-dra.labels" -}}
app.kubernetes.io/name: gpu-dra
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{- define "gpu-dra.featureGates" -}}
{{- $gates := list -}}
{{- range $name, $on := .Values.featureGates -}}
{{- $gates = append $gates (printf "%s=%t" $name $on) -}}
{{- end -}}
{{- join "," $gates -}}
{{- end -}}

{{- /* The device plugin's ConfigMap of named configs, "" for none. */}}
{{- define "gpu-dra.devicePluginConfigMap" -}}
{{- $c := .Values.devicePlugin.config -}}
{{- if $c.map -}}{{ include "gpu-dra.fullname" . }}-device-plugin-configs{{- else -}}{{ $c.name }}{{- end -}}
{{- end -}}

{{/* The env both device-plugin DaemonSets share: NVIDIA's config env, the driver root, the
named configs, the MPS root. */}}
{{- define "gpu-dra.devicePluginEnv" -}}
{{- $dp := .Values.devicePlugin }}
{{- $configMap := include "gpu-dra.devicePluginConfigMap" . }}
- name: NVIDIA_DRIVER_ROOT
  value: {{ .Values.nvidiaDriverRoot | quote }}
- name: CONTAINER_DRIVER_ROOT
  value: /driver-root
{{- if $configMap }}
# named configs, chosen by the node's nvidia.com/device-plugin.config label
- name: CONFIG_FILE_SRCDIR
  value: /available-configs
- name: DEFAULT_CONFIG
  value: {{ $dp.config.default | quote }}
- name: FALLBACK_STRATEGIES
  value: {{ join "," $dp.config.fallbackStrategies | quote }}
{{- end }}
{{- range $name, $key := dict "MIG_STRATEGY" "migStrategy" "FAIL_ON_INIT_ERROR" "failOnInitError" "DEVICE_ID_STRATEGY" "deviceIDStrategy" "GDRCOPY_ENABLED" "gdrcopyEnabled" "GDS_ENABLED" "gdsEnabled" "MOFED_ENABLED" "mofedEnabled" "DEVICE_DISCOVERY_STRATEGY" "deviceDiscoveryStrategy" }}
{{- $value := get $dp $key }}
{{- if not (kindIs "invalid" $value) }}
- name: {{ $name }}
  value: {{ toString $value | quote }}
{{- end }}
{{- end }}
{{- with $dp.deviceListStrategy }}
- name: DEVICE_LIST_STRATEGY
  value: {{ if kindIs "slice" . }}{{ join "," . | quote }}{{ else }}{{ . | quote }}{{ end }}
{{- end }}
{{- if $dp.compatWithCPUManager }}
- name: PASS_DEVICE_SPECS
  value: "true"
{{- end }}
- name: LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
{{- if .Values.simulatedGpus }}
- name: SIMULATED_GPUS
  value: {{ .Values.simulatedGpus | quote }}
{{- end }}
- name: MPS_ROOT
  value: {{ $dp.mps.root | quote }}
{{- end }}
