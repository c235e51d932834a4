{{/* The release's name, or "<release>-onboard" when the release is not already called onboard. */}}
{{- define "onboard.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "onboard.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component: (dict "root" $ "component" "command-api") */}}
{{- define "onboard.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "onboard.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* The environment every Onboard process shares: plain settings here, secrets from the Secret by name. */}}
{{- define "onboard.envFrom" -}}
- configMapRef:
    name: {{ include "onboard.fullname" . }}
- secretRef:
    name: {{ required "secrets.name: the Secret holding DATABASE_URL and SESSION_SECRET" .Values.secrets.name }}
{{- end -}}

{{/* The service kinds: their key in values.services and their name as SERVICES spells it. */}}
{{- define "onboard.components" -}}
commandApi: command-api
queryApi: query-api
projections: projections
workers: workers
{{- end -}}
