// The floor app of the benchmark: the same stack as the product (react, react-dom,
// react-router-dom, mobx, mobx-react-lite, inversify, reflect-metadata, fetch-retry), one route
// with a plain list of observer checkbox tiles and a select-all button, written the naive way.
import 'reflect-metadata';
import fetchRetry from 'fetch-retry';
import { Container, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

interface Tile { id: string; name: string; selected: boolean }

@injectable()
class TilesStore {
  tiles: Tile[] = [];
  constructor() {
    makeAutoObservable(this);
  }
  load(count: number): void {
    this.tiles = Array.from({ length: count }, (_, i) => ({ id: `acc-${i}`, name: `Account ${i + 1}`, selected: false }));
  }
  toggle(tile: Tile): void {
    tile.selected = !tile.selected;
  }
  selectAll(): void {
    const all = this.tiles.every((t) => t.selected);
    for (const tile of this.tiles) tile.selected = !all;
  }
}

const container = new Container({ defaultScope: 'Singleton', jitless: true });
container.bind(TilesStore).toSelf();
const store = container.get(TilesStore);
const retryingFetch = fetchRetry(globalThis.fetch);
const count = Number(new URLSearchParams(location.search).get('tiles') ?? '0');
store.load(count);

const TileView = observer(({ tile }: { tile: Tile }) => (
  <label className="tile">
    <input type="checkbox" checked={tile.selected} onChange={() => store.toggle(tile)} />
    {tile.name}
  </label>
));

const Page = observer(() => (
  <main>
    <h1>Accounts</h1>
    <label>Username <input name="username" /></label>
    <button type="button" onClick={() => store.selectAll()}>Select all</button>
    {store.tiles.map((tile) => <TileView key={tile.id} tile={tile} />)}
    <button type="button" onClick={() => void retryingFetch('/config/config.json')}>Load</button>
  </main>
));

const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);
