{{- define "gpu-operator.image" -}}
{{- $version := .Values.operator.version | default .Chart.AppVersion -}}
{{- if .Values.operator.repository -}}
{{ .Values.operator.repository }}/{{ .Values.operator.image }}:{{ $version }}
{{- else -}}
{{ .Values.operator.image }}:{{ $version }}
{{- end -}}
{{- end -}}

{{- define "gpu-operator.labels" -}}
app.kubernetes.io/name: gpu-operator
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}
