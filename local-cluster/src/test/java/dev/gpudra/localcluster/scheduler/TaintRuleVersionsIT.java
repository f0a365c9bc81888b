package dev.gpudra.localcluster.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.gpudra.allocator.TaintRule;
import dev.gpudra.allocator.cluster.ClusterSnapshot;
import io.fabric8.kubernetes.api.model.APIResourceBuilder;
import io.fabric8.kubernetes.api.model.APIResourceListBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The snapshot reads DeviceTaintRules from the newest resource.k8s.io version whose discovery lists
 * them (v1, else v1beta2, else v1alpha3), and none where no version does: the servers of Kubernetes
 * 1.35 and 1.36 serve them only with their alpha resp. beta API enabled.
 */
class TaintRuleVersionsIT {
  private static final String GROUP = "/apis/resource.k8s.io/";
  private static final String EMPTY_LIST = "{\"kind\":\"List\",\"apiVersion\":\"v1\",\"items\":[]}";

  private KubernetesMockServer server;
  private KubernetesClient client;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    for (String path :
        List.of(
            GROUP + "v1/deviceclasses",
            GROUP + "v1/resourceslices",
            GROUP + "v1/resourceclaims",
            "/api/v1/nodes")) {
      server.expect().get().withPath(path).andReturn(200, EMPTY_LIST).always();
    }
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  private void discovery(String version, String... plurals) {
    var list = new APIResourceListBuilder().withGroupVersion("resource.k8s.io/" + version);
    for (String plural : plurals) {
      list.addToResources(
          new APIResourceBuilder()
              .withName(plural)
              .withKind("Kind")
              .withNamespaced(false)
              .withVerbs("list")
              .build());
    }
    server.expect().get().withPath(GROUP + version).andReturn(200, list.build()).always();
  }

  private void rules(String version, String name) {
    // items of a list come without apiVersion and kind
    String item =
        "{\"metadata\":{\"name\":\""
            + name
            + "\"},\"spec\":{\"deviceSelector\":{\"device\":\"gpu-0\"},"
            + "\"taint\":{\"key\":\"k\",\"effect\":\"NoSchedule\"}}}";
    server
        .expect()
        .get()
        .withPath(GROUP + version + "/devicetaintrules")
        .andReturn(200, "{\"kind\":\"DeviceTaintRuleList\",\"items\":[" + item + "]}")
        .always();
  }

  private List<String> read() {
    return ClusterSnapshot.read(client).taintRules().stream().map(TaintRule::name).toList();
  }

  @Test
  @DisplayName("a 1.37 server: v1 is read, the older versions are not asked")
  void v1() {
    discovery("v1", "resourceslices", "devicetaintrules");
    discovery("v1beta2", "devicetaintrules");
    rules("v1", "from-v1");
    rules("v1beta2", "from-v1beta2");

    assertThat(read()).containsExactly("from-v1");
  }

  @Test
  @DisplayName("a 1.36 server with the beta API on: v1 lacks them, v1beta2 is read")
  void v1beta2() {
    discovery("v1", "resourceslices");
    discovery("v1beta2", "devicetaintrules");
    rules("v1beta2", "from-v1beta2");

    assertThat(read()).containsExactly("from-v1beta2");
  }

  @Test
  @DisplayName("a 1.35 server with the alpha API on: v1alpha3 is read (v1beta2 is not served)")
  void v1alpha3() {
    discovery("v1", "resourceslices");
    discovery("v1alpha3", "devicetaintrules");
    rules("v1alpha3", "from-v1alpha3");

    assertThat(read()).containsExactly("from-v1alpha3");
  }

  @Test
  @DisplayName("a server with the feature off serves none: no rules")
  void none() {
    discovery("v1", "resourceslices");

    assertThat(read()).isEmpty();
  }
}
