{{- /*
Names, labels and selectors follow NVIDIA's dra-driver-nvidia-gpu chart, so that with the same
nameOverride/fullnameOverride/selectorLabelsOverride the DaemonSet and Deployments keep NVIDIA's
names and (immutable) selectors: a release moves to this chart with helm upgrade.
*/}}
{{- define "gpu-dra.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "gpu-dra.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "gpu-dra.namespace" -}}
{{- default .Release.Namespace .Values.namespaceOverride -}}
{{- end -}}

{{- define "gpu-dra.chart" -}}
{{- printf "%s-%s" (include "gpu-dra.name" .) .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- /* Every object's labels. */}}
{{- define "gpu-dra.labels" -}}
helm.sh/chart: {{ include "gpu-dra.chart" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{ include "gpu-dra.templateLabels" . }}
{{- end -}}

{{- /* Every pod's labels (with its component's selector labels). */}}
{{- define "gpu-dra.templateLabels" -}}
app.kubernetes.io/name: {{ include "gpu-dra.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- /*
A component's selector: selectorLabelsOverride, else "<name>-component: <component>".
Called with (dict "context" $ "component" "kubelet-plugin").
*/}}
{{- define "gpu-dra.selectorLabels" -}}
{{- if .context.Values.selectorLabelsOverride -}}
{{ toYaml .context.Values.selectorLabelsOverride }}
{{- else -}}
{{ include "gpu-dra.name" .context }}-component: {{ .component }}
{{- end -}}
{{- end -}}

{{- /*
A component's pod labels: the selector, and NVIDIA's historical
nvidia-dra-driver-gpu-component label (scripts and docs select pods by it) unless the selector
already has that key.
*/}}
{{- define "gpu-dra.podLabels" -}}
{{- $selector := include "gpu-dra.selectorLabels" . -}}
{{ include "gpu-dra.templateLabels" .context }}
{{ $selector }}
{{- if not (hasKey (fromYaml $selector) "nvidia-dra-driver-gpu-component") }}
nvidia-dra-driver-gpu-component: {{ .component }}
{{- end -}}
{{- end -}}

{{- define "gpu-dra.image" -}}
{{- $ref := printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" $ref .Values.image.digest -}}
{{- else -}}
{{- $ref -}}
{{- end -}}
{{- end -}}

{{- /* The service accounts' common prefix, as NVIDIA's: <fullname>-service-account. */}}
{{- define "gpu-dra.serviceAccountName" -}}
{{- $name := printf "%s-service-account" (include "gpu-dra.fullname" .) -}}
{{- if .Values.serviceAccount.create -}}
{{- default $name .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "gpu-dra.kubeletPluginServiceAccount" -}}
{{- include "gpu-dra.serviceAccountName" . }}-kubeletplugin
{{- end -}}

{{- define "gpu-dra.controllerServiceAccount" -}}
{{- include "gpu-dra.serviceAccountName" . }}-controller
{{- end -}}

{{- define "gpu-dra.webhookServiceAccount" -}}
{{- $name := printf "%s-webhook-service-account" (include "gpu-dra.fullname" .) -}}
{{- if .Values.webhook.serviceAccount.create -}}
{{- default $name .Values.webhook.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.webhook.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- /*
The resource.k8s.io version for DeviceClasses: resourceApiVersion, else the highest the cluster
serves (v1 > v1beta2 > v1beta1), "" when it serves none (validation.yaml fails then).
*/}}
{{- define "gpu-dra.resourceApiVersion" -}}
{{- if .Values.resourceApiVersion -}}
{{- .Values.resourceApiVersion -}}
{{- else if .Capabilities.APIVersions.Has "resource.k8s.io/v1" -}}
resource.k8s.io/v1
{{- else if .Capabilities.APIVersions.Has "resource.k8s.io/v1beta2" -}}
resource.k8s.io/v1beta2
{{- else if .Capabilities.APIVersions.Has "resource.k8s.io/v1beta1" -}}
resource.k8s.io/v1beta1
{{- end -}}
{{- end -}}

{{- /* A metrics endpoint's port: ":8080" -> 8080. */}}
{{- define "gpu-dra.endpointPort" -}}
{{- regexReplaceAll "^.*:" (toString .) "" -}}
{{- end -}}

{{- define "gpu-dra.featureGates" -}}
{{- $gates := list -}}
{{- range $name, $on := .Values.featureGates -}}
{{- $gates = append $gates (printf "%s=%t," $name $on) -}}
{{- end -}}
{{- join "" $gates -}}
{{- end -}}

{{- /* "true" with hostManaged IMEX: no daemons, so no daemon DeviceClass nor RBAC. */}}
{{- define "gpu-dra.hostManagedImex" -}}
{{- if eq (toString .Values.resources.computeDomains.imex.mode) "hostManaged" }}true{{ end -}}
{{- end -}}

{{- define "gpu-dra.gate" -}}
{{- if and .Values.featureGates (get .Values.featureGates .gate) }}true{{ end -}}
{{- end -}}

{{- /* Logging env every long-running container gets: NVIDIA's LOG_VERBOSITY and our format. */}}
{{- define "gpu-dra.loggingEnv" -}}
- name: LOG_VERBOSITY
  value: {{ .Values.logVerbosity | quote }}
- name: LOGGING_FORMAT
  value: {{ .Values.logFormat | quote }}
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
{{ include "gpu-dra.loggingEnv" . }}
{{- if .Values.simulatedGpus }}
- name: SIMULATED_GPUS
  value: {{ .Values.simulatedGpus | quote }}
{{- end }}
- name: MPS_ROOT
  value: {{ $dp.mps.root | quote }}
{{- end }}
