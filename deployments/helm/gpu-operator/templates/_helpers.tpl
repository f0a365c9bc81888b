{{- /* A sha256: version pins a digest, as the operator reads its operands' versions. */}}
{{- define "gpu-operator.image" -}}
{{- $version := .Values.operator.version | default .Chart.AppVersion | toString -}}
{{- $separator := ternary "@" ":" (hasPrefix "sha256:" $version) -}}
{{- if .Values.operator.repository -}}
{{ .Values.operator.repository }}/{{ .Values.operator.image }}{{ $separator }}{{ $version }}
{{- else -}}
{{ .Values.operator.image }}{{ $separator }}{{ $version }}
{{- end -}}
{{- end -}}

{{- define "gpu-operator.labels" -}}
app.kubernetes.io/name: gpu-operator
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end -}}

{{/*
NVIDIA's operand labels, which every operand DaemonSet gets (with daemonsets.labels).
*/}}
{{- define "gpu-operator.operand-labels" -}}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
app.kubernetes.io/managed-by: gpu-operator
{{- with .Values.daemonsets.labels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
A block of the ClusterPolicy's spec from its values, as NVIDIA's chart renders one: booleans and
numbers always, other values only when set (an empty string, list or map is left out, so that the
policy's own default applies).
*/}}
{{- define "gpu-operator.spec-block" -}}
{{- $out := dict -}}
{{- range $key, $value := . -}}
{{- if or (kindIs "bool" $value) (kindIs "float64" $value) (kindIs "int64" $value) (kindIs "int" $value) (not (empty $value)) -}}
{{- $_ := set $out $key $value -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
The operator's and its hooks' tolerations: operator.tolerations, and gpu-dra's toleration of a
cordoned node (the operator cordons GPU nodes while it moves them; the operator, and the
uninstall step that takes nodes off the DRA driver, must still run there).
*/}}
{{- define "gpu-operator.tolerations" -}}
{{- $all := concat (.Values.operator.tolerations | default list) (list (dict "key" "node.kubernetes.io/unschedulable" "operator" "Exists" "effect" "NoSchedule")) -}}
{{- toYaml $all -}}
{{- end -}}

{{/*
An NVIDIADriver's gds or gdrcopy block from that component's values, as NVIDIA's chart renders it.
*/}}
{{- define "gpu-operator.nvidiadriver-image" -}}
enabled: {{ .enabled | default false }}
{{- with .repository }}
repository: {{ . }}
{{- end }}
{{- with .image }}
image: {{ . }}
{{- end }}
version: {{ .version | quote }}
{{- with .imagePullPolicy }}
imagePullPolicy: {{ . }}
{{- end }}
{{- range $key := list "imagePullSecrets" "env" "args" }}
{{- with get $ $key }}
{{ $key }}:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}
{{- end -}}
