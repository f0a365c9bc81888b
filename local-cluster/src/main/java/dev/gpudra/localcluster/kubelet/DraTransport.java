package dev.gpudra.localcluster.kubelet;

import dev.gpudra.kit.dra.DraWire;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1.NodePrepareResourcesResponse;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesRequest;
import dev.gpudra.kit.proto.dra.v1.NodeUnprepareResourcesResponse;
import io.grpc.ManagedChannel;
import java.util.concurrent.TimeUnit;

/**
 * The wire of one DRA API version, in v1 messages: v1 calls go as they are; v1beta1 calls are
 * re-read as v1beta1 on the way out and as v1 on the way back (the versions share field numbers).
 */
interface DraTransport {
  /** {@code v1} or {@code v1beta1}, for error messages. */
  String version();

  NodePrepareResourcesResponse prepare(NodePrepareResourcesRequest request);

  NodeUnprepareResourcesResponse unprepare(NodeUnprepareResourcesRequest request);

  static DraTransport v1(ManagedChannel channel) {
    return new DraTransport() {
      @Override
      public String version() {
        return "v1";
      }

      @Override
      public NodePrepareResourcesResponse prepare(NodePrepareResourcesRequest request) {
        return stub(channel).nodePrepareResources(request);
      }

      @Override
      public NodeUnprepareResourcesResponse unprepare(NodeUnprepareResourcesRequest request) {
        return stub(channel).nodeUnprepareResources(request);
      }
    };
  }

  static DraTransport v1beta1(ManagedChannel channel) {
    return new DraTransport() {
      @Override
      public String version() {
        return "v1beta1";
      }

      @Override
      public NodePrepareResourcesResponse prepare(NodePrepareResourcesRequest request) {
        var answer =
            beta(channel)
                .nodePrepareResources(
                    DraWire.convert(
                        request,
                        dev.gpudra.kit.proto.dra.v1beta1.NodePrepareResourcesRequest.parser()));
        return DraWire.convert(answer, NodePrepareResourcesResponse.parser());
      }

      @Override
      public NodeUnprepareResourcesResponse unprepare(NodeUnprepareResourcesRequest request) {
        var answer =
            beta(channel)
                .nodeUnprepareResources(
                    DraWire.convert(
                        request,
                        dev.gpudra.kit.proto.dra.v1beta1.NodeUnprepareResourcesRequest.parser()));
        return DraWire.convert(answer, NodeUnprepareResourcesResponse.parser());
      }
    };
  }

  private static dev.gpudra.kit.proto.dra.v1.DRAPluginGrpc.DRAPluginBlockingStub stub(
      ManagedChannel channel) {
    return dev.gpudra.kit.proto.dra.v1.DRAPluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(DraClient.DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static dev.gpudra.kit.proto.dra.v1beta1.DRAPluginGrpc.DRAPluginBlockingStub beta(
      ManagedChannel channel) {
    return dev.gpudra.kit.proto.dra.v1beta1.DRAPluginGrpc.newBlockingStub(channel)
        .withDeadlineAfter(DraClient.DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
  }
}
