package dev.gpudra.kit.dra;

import dev.gpudra.kit.proto.dra.v1.Device;
import dev.gpudra.kit.proto.dra.v1beta1.DRAPluginGrpc;
import dev.gpudra.kit.proto.dra.v1beta1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1beta1.NodePrepareResourcesResponse;
import dev.gpudra.kit.proto.dra.v1beta1.NodeUnprepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1beta1.NodeUnprepareResourcesResponse;
import io.grpc.stub.StreamObserver;
import java.util.Objects;

/**
 * {@code k8s.io.kubelet.pkg.apis.dra.v1beta1.DRAPlugin}. Its messages are v1's with the same field
 * numbers, minus {@code Device.share_id} (5): requests are re-read as v1 and answered by {@link
 * DraV1Service}, whose answers are re-read as v1beta1 after share IDs are dropped, as the kubelet
 * itself converts between the two.
 */
public final class DraV1beta1Service extends DRAPluginGrpc.DRAPluginImplBase {
  private final DraV1Service v1;

  public DraV1beta1Service(DraHandler handler) {
    this.v1 = new DraV1Service(Objects.requireNonNull(handler, "handler"));
  }

  @Override
  public void nodePrepareResources(
      NodePrepareResourcesRequest request, StreamObserver<NodePrepareResourcesResponse> response) {
    GrpcEdge.answer(
        "v1beta1 NodePrepareResources",
        response,
        () -> {
          var answer =
              v1.prepare(
                  DraWire.convert(
                      request, dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesRequest.parser()));
          return DraWire.convert(withoutShareIds(answer), NodePrepareResourcesResponse.parser());
        });
  }

  @Override
  public void nodeUnprepareResources(
      NodeUnprepareResourcesRequest request,
      StreamObserver<NodeUnprepareResourcesResponse> response) {
    GrpcEdge.answer(
        "v1beta1 NodeUnprepareResources",
        response,
        () -> {
          var answer =
              v1.unprepare(
                  DraWire.convert(
                      request, dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesRequest.parser()));
          return DraWire.convert(answer, NodeUnprepareResourcesResponse.parser());
        });
  }

  private static dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesResponse withoutShareIds(
      dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesResponse answer) {
    var out = answer.toBuilder();
    out.getMutableClaims()
        .replaceAll((uid, claim) -> {
          var c = claim.toBuilder();
          for (Device.Builder device : c.getDevicesBuilderList()) {
            device.clearShareId();
          }
          return c.build();
        });
    return out.build();
  }
}
