package dev.gpudra.testsupport.devicemanager;

import dev.gpudra.kit.proto.deviceplugin.v1beta1.ListAndWatchResponse;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An endpoint's ListAndWatch stream: each answer and the stream's end go to the endpoint. */
final class ListObserver implements StreamObserver<ListAndWatchResponse> {
  private static final Logger log = LoggerFactory.getLogger(ListObserver.class);

  private final PluginEndpoint endpoint;

  ListObserver(PluginEndpoint endpoint) {
    this.endpoint = endpoint;
  }

  @Override
  public void onNext(ListAndWatchResponse list) {
    log.debug("{}: {} devices listed", endpoint.resource(), list.getDevicesCount());
    endpoint.listed(list);
  }

  @Override
  public void onError(Throwable t) {
    log.info(
        "{}: ListAndWatch failed ({}); its devices are unhealthy until it registers again",
        endpoint.resource(),
        t.getMessage());
    endpoint.ended(t);
  }

  @Override
  public void onCompleted() {
    log.info(
        "{}: ListAndWatch completed; its devices are unhealthy until it registers again",
        endpoint.resource());
    endpoint.ended(null);
  }
}
