package dev.gpudra.localcluster.api;

import dev.gpudra.localcluster.validation.FieldError;
import dev.gpudra.localcluster.validation.Rejection;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.api.model.StatusCauseBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.fabric8.mockwebserver.http.MockResponse;

/** The API server's 422 answer: a {@code Status} with reason Invalid and one cause per field. */
final class InvalidStatus {
  static final int UNPROCESSABLE_ENTITY = 422;

  private InvalidStatus() {}

  static Status of(Rejection rejection) {
    return new StatusBuilder()
        .withStatus("Failure")
        .withMessage(rejection.message())
        .withReason("Invalid")
        .withCode(UNPROCESSABLE_ENTITY)
        .withNewMetadata()
        .endMetadata()
        .withNewDetails()
        .withName(rejection.name())
        .withGroup("resource.k8s.io")
        .withKind(rejection.kind())
        .withCauses(rejection.errors().stream().map(InvalidStatus::cause).toList())
        .endDetails()
        .build();
  }

  static MockResponse response(Rejection rejection, KubernetesSerialization json) {
    return new MockResponse()
        .setResponseCode(UNPROCESSABLE_ENTITY)
        .setHeader("Content-Type", "application/json")
        .setBody(json.asJson(of(rejection)));
  }

  private static StatusCause cause(FieldError error) {
    return new StatusCauseBuilder()
        .withReason(error.type().reason())
        .withMessage(error.body())
        .withField(error.field().value())
        .build();
  }
}
