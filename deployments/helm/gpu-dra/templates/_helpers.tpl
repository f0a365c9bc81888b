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
