package dev.gpudra.migrate.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The kinds whose pod template migrate knows, and where in the object it is. */
public enum WorkloadKind {
  POD(Set.of(""), "Pod", "spec"),
  DEPLOYMENT(Set.of("apps", "extensions"), "Deployment", "spec", "template", "spec"),
  STATEFUL_SET(Set.of("apps"), "StatefulSet", "spec", "template", "spec"),
  DAEMON_SET(Set.of("apps", "extensions"), "DaemonSet", "spec", "template", "spec"),
  REPLICA_SET(Set.of("apps", "extensions"), "ReplicaSet", "spec", "template", "spec"),
  REPLICATION_CONTROLLER(Set.of(""), "ReplicationController", "spec", "template", "spec"),
  POD_TEMPLATE(Set.of(""), "PodTemplate", "template", "spec"),
  JOB(Set.of("batch"), "Job", "spec", "template", "spec"),
  CRON_JOB(Set.of("batch"), "CronJob", "spec", "jobTemplate", "spec", "template", "spec");

  private final Set<String> groups;
  private final String kind;
  private final List<String> podSpecPath;

  WorkloadKind(Set<String> groups, String kind, String... podSpecPath) {
    this.groups = groups;
    this.kind = kind;
    this.podSpecPath = List.of(podSpecPath);
  }

  /** The kind of an object, by its {@code apiVersion}'s group and its {@code kind}. */
  public static Optional<WorkloadKind> of(JsonNode object) {
    String apiVersion = object.path("apiVersion").asText("");
    String group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
    String kind = object.path("kind").asText("");
    return Arrays.stream(values())
        .filter(k -> k.kind.equals(kind) && k.groups.contains(group))
        .findFirst();
  }

  /** The kinds' names, for messages. */
  public static String names() {
    return String.join(", ", Arrays.stream(values()).map(k -> k.kind).toList());
  }

  /** The pod spec of an object of this kind; empty if it has none. */
  public Optional<ObjectNode> podSpec(JsonNode object) {
    JsonNode node = object;
    for (String field : podSpecPath) {
      node = node.path(field);
    }
    return node instanceof ObjectNode spec ? Optional.of(spec) : Optional.empty();
  }
}
