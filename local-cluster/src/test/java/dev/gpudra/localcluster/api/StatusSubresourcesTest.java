package dev.gpudra.localcluster.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatusSubresourcesTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims, true",
    "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims/gpu, true",
    "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims/gpu/status, true",
    "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims/gpu?fieldManager=x, true",
    "/apis/resource.k8s.io/v1beta1/namespaces/default/resourceclaims/gpu, false",
    "/apis/resource.k8s.io/v1/namespaces/default/resourceclaimtemplates/gpu, false",
    "/apis/resource.k8s.io/v1/resourceslices/node-a, false",
    "/api/v1/namespaces/default/pods/p, false",
    "/api/v1/nodes/node-a, false",
    "/version, false"
  })
  @DisplayName(
      "only resource.k8s.io/v1 ResourceClaims, built-ins whose status only /status writes here")
  void covers(String path, boolean covered) {
    assertThat(StatusSubresources.covers(path)).isEqualTo(covered);
  }
}
