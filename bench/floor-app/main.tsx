// The floor app of the benchmark: the same stack as the product (react, react-dom,
// react-router-dom, mobx, mobx-react-lite, inversify, reflect-metadata, fetch-retry), one route
// with a plain list of observer checkbox tiles, a select-all button and a filter box, written the
// naive way (every matching tile rendered). It marks `floor-render` just before its first render,
// so the bench can time that render (bench/scaling.ts).
import 'reflect-metadata';
import fetchRetry from 'fetch-retry';
import { Container, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

interface Tile {
  id: string;
  name: string;
  selected: boolean;
}

@injectable()
class TilesStore {
  tiles: Tile[] = [];
  filter = '';
  constructor() {
    makeAutoObservable(this);
  }
  load(count: number): void {
    this.tiles = Array.from({ length: count }, (_, i) => ({ id: `acc-${i}`, name: `Account ${i + 1}`, selected: false }));
  }
  toggle(tile: Tile): void {
    tile.selected = !tile.selected;
  }
  setFilter(text: string): void {
    this.filter = text;
  }
  get visible(): Tile[] {
    return this.tiles.filter((tile) => tile.name.includes(this.filter));
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
    <label>
      Username <input name="username" />
    </label>
    <button type="button" onClick={() => store.selectAll()}>
      Select all
    </button>
    <label>
      Filter <input type="search" name="filter" value={store.filter} onChange={(event) => store.setFilter(event.target.value)} />
    </label>
    {store.visible.map((tile) => (
      <TileView key={tile.id} tile={tile} />
    ))}
    <button type="button" onClick={() => void retryingFetch('/config/config.json')}>
      Load
    </button>
  </main>
));

const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
const root = document.getElementById('root');
performance.mark('floor-render');
if (root) createRoot(root).render(<RouterProvider router={router} />);
