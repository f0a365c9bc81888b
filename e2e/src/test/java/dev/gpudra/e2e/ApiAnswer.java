package dev.gpudra.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gpudra.localcluster.validation.corpus.Cause;
import dev.gpudra.localcluster.validation.corpus.CorpusCase;
import dev.gpudra.localcluster.validation.corpus.Target;
import dev.gpudra.localcluster.validation.corpus.Verdict;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What one API server answered to a corpus case: the verdict that is compared, and the messages,
 * shown in a failure so it says what to re-transcribe.
 */
record ApiAnswer(Verdict verdict, List<String> messages) {

  /**
   * Sends {@code c} to the server behind {@code client}: a create, or (for an update case) a create
   * of the object, then the update. With {@code dryRun} the case's own request is a server-side dry
   * run ({@code dryRun=All}), so nothing of it is stored; whatever was stored is deleted.
   */
  static ApiAnswer of(KubernetesClient client, CorpusCase c, boolean dryRun) {
    GenericKubernetesResource object = resource(client, c.object());
    try {
      if (c.update().isEmpty()) {
        if (dryRun) {
          client.resource(object).dryRun().create();
        } else {
          client.resource(object).create();
        }
        return new ApiAnswer(Verdict.accepted(), List.of());
      }
      GenericKubernetesResource created = client.resource(object).create();
      GenericKubernetesResource update = resource(client, c.update().get());
      update.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());
      var target = dryRun ? client.resource(update).dryRun() : client.resource(update);
      if (c.target() == Target.STATUS) {
        target.updateStatus();
      } else {
        target.update();
      }
      return new ApiAnswer(Verdict.accepted(), List.of());
    } catch (KubernetesClientException e) {
      return refused(e);
    } finally {
      if (!dryRun || c.update().isPresent()) {
        client.resource(object).delete();
      }
    }
  }

  private static GenericKubernetesResource resource(KubernetesClient client, JsonNode json) {
    return client
        .getKubernetesSerialization()
        .unmarshal(json.toString(), GenericKubernetesResource.class);
  }

  private static ApiAnswer refused(KubernetesClientException e) {
    Status status = e.getStatus();
    List<StatusCause> causes =
        status == null || status.getDetails() == null || status.getDetails().getCauses() == null
            ? List.of()
            : status.getDetails().getCauses();
    Set<Cause> pairs = new TreeSet<>();
    causes.forEach(cause ->
        pairs.add(
            new Cause(
                cause.getField() == null ? "" : cause.getField(),
                cause.getReason() == null ? "?" : cause.getReason())));
    List<String> messages =
        causes.isEmpty()
            ? List.of(status == null ? e.getMessage() : status.getMessage())
            : causes.stream().map(ApiAnswer::line).toList();
    return new ApiAnswer(new Verdict(e.getCode(), new TreeSet<>(pairs)), messages);
  }

  private static String line(StatusCause cause) {
    return cause.getField() + ": " + cause.getMessage();
  }

  @Override
  public String toString() {
    return messages.isEmpty()
        ? verdict.toString()
        : verdict + messages.stream().collect(Collectors.joining("\n      ", "\n      ", ""));
  }
}
